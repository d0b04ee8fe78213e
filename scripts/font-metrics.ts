/**
 * The four fonts' metrics scripts/font-fallbacks.ts sizes the fallback faces with, copied from
 * @capsizecss/metrics 4.3.0 (`entireMetricsCollection/<font>/index.mjs`; Capsize reads them from
 * each font's tables). The package holds every Google font's: 29,597 files, 36% of node_modules'
 * files, which cost `npm ci` ~21 s of each CI run for these four (decision 038, stop 59).
 */
export const alexBrush = {
  familyName: 'Alex Brush',
  fullName: 'Alex Brush Regular',
  postscriptName: 'AlexBrush-Regular',
  category: 'handwriting',
  capHeight: 700,
  ascent: 825,
  descent: -425,
  lineGap: 0,
  unitsPerEm: 1000,
  xHeight: 320,
  xWidthAvg: 341,
  subsets: { latin: { xWidthAvg: 341 }, thai: { xWidthAvg: 499 } },
};

export const notoSerif = {
  familyName: 'Noto Serif',
  fullName: 'Noto Serif Regular',
  postscriptName: 'NotoSerif-Regular',
  category: 'serif',
  capHeight: 714,
  ascent: 1069,
  descent: -293,
  lineGap: 0,
  unitsPerEm: 1000,
  xHeight: 536,
  xWidthAvg: 481,
  subsets: { latin: { xWidthAvg: 481 }, thai: { xWidthAvg: 600 } },
};

export const playfairDisplay = {
  familyName: 'Playfair Display',
  fullName: 'Playfair Display Regular',
  postscriptName: 'PlayfairDisplay-Regular',
  category: 'serif',
  capHeight: 708,
  ascent: 1082,
  descent: -251,
  lineGap: 0,
  unitsPerEm: 1000,
  xHeight: 514,
  xWidthAvg: 452,
  subsets: { latin: { xWidthAvg: 452 }, thai: { xWidthAvg: 562 } },
};

export const timesNewRoman = {
  familyName: 'Times New Roman',
  fullName: 'Times New Roman',
  postscriptName: 'TimesNewRomanPSMT',
  category: 'serif',
  capHeight: 1356,
  ascent: 1825,
  descent: -443,
  lineGap: 87,
  unitsPerEm: 2048,
  xHeight: 916,
  xWidthAvg: 832,
  subsets: { latin: { xWidthAvg: 832 }, thai: { xWidthAvg: 1593 } },
};

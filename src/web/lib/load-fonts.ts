import fontsUrl from '../fonts.css?url';

/** The code point a face must cover to be fetched at once: text in Latin letters is what every page shows. */
const LATIN_A = 0x61;

/** Whether a `unicode-range` descriptor (`U+0-FF, U+131, U+4??`) covers a code point; an empty one covers all. */
export function coversCodePoint(unicodeRange: string, codePoint: number): boolean {
  if (unicodeRange.trim() === '') return true;
  return unicodeRange.split(',').some((part) => {
    const [first = '', last] = part.trim().replace(/^U\+/i, '').split('-');
    const low = Number.parseInt(first.replaceAll('?', '0'), 16);
    const high = Number.parseInt((last ?? first).replaceAll('?', 'F'), 16);
    return codePoint >= low && codePoint <= high;
  });
}

type Faces = Pick<FontFaceSet, 'add'>;

const FONT_DISPLAYS: FontDisplay[] = ['auto', 'block', 'swap', 'fallback', 'optional'];

/**
 * The faces of a style sheet's `@font-face` rules, loaded and then added to the page together: each
 * face a page starts to use makes the browser lay out all its text again, so the faces that draw
 * Latin text (one file per weight) are fetched side by side and swapped in at once, in one layout
 * instead of one per file (decision 063: three or four layouts of 40-250 ms on a phone after the first
 * paint, most of a public page's blocking time). The other scripts' subsets are added unloaded and
 * fetched, as from a style sheet, only if the page draws a character of theirs.
 */
export async function addFacesTogether(faces: FontFace[], fontSet: Faces): Promise<void> {
  await Promise.allSettled(
    faces.filter((face) => coversCodePoint(face.unicodeRange, LATIN_A)).map((face) => face.load()),
  );
  for (const face of faces) fontSet.add(face);
}

/**
 * A `@font-face` rule as a FontFace; its `src` URLs are absolute paths under /assets/, so nothing is
 * relative to the sheet.
 */
function faceOf(rule: CSSFontFaceRule): FontFace {
  const descriptor = (name: string) => rule.style.getPropertyValue(name).trim();
  const optional = (name: string) => descriptor(name) || undefined;
  return new FontFace(descriptor('font-family').replace(/^(["'])(.*)\1$/, '$2'), descriptor('src'), {
    style: optional('font-style'),
    weight: optional('font-weight'),
    display: FONT_DISPLAYS.find((value) => value === descriptor('font-display')),
    unicodeRange: optional('unicode-range'),
  });
}

/**
 * The web fonts. Called by the entry (main.tsx), on a page the server rendered once it has painted
 * (afterFirstPaint): the fonts then start after the first paint instead of during it, so they are
 * not in the way of a phone's largest paint (decision 063; Lighthouse counts every request begun
 * before it). The page paints meanwhile in local fonts sized to them (font-fallbacks.css), so the
 * swap barely moves it. A browser that cannot read a style sheet into rules links it instead, and
 * takes each face as it comes, as does development.
 */
export async function loadFonts(page: Document = document): Promise<void> {
  const linkSheet = () =>
    page.head.append(Object.assign(page.createElement('link'), { rel: 'stylesheet', href: fontsUrl }));
  // Vite's development server answers a fetch of a style sheet with a script; a link gets the sheet.
  if (
    import.meta.env.DEV ||
    typeof CSSStyleSheet.prototype.replaceSync !== 'function' ||
    typeof FontFace !== 'function'
  )
    return linkSheet();
  const response = await fetch(fontsUrl).catch(() => null);
  // Offline before the worker cached it: the local faces stay, as they would with a failed style sheet.
  if (!response?.ok) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(await response.text());
  const rules = [...sheet.cssRules].filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule);
  await addFacesTogether(rules.map(faceOf), page.fonts);
}

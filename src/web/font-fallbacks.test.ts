import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fontFallbackCss } from '../../scripts/font-fallbacks';

const generated = readFileSync(new URL('./font-fallbacks.css', import.meta.url), 'utf8');
const styles = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

describe('the fallback font faces', () => {
  it('are what scripts/font-fallbacks.ts computes from the fonts’ metrics (run it into font-fallbacks.css after changing a font)', () => {
    expect(generated).toBe(fontFallbackCss());
  });

  it('each stand in for a web font the pages use, right after it in its stack', () => {
    const families = [...generated.matchAll(/font-family: "([^"]+)"/g)].map((match) => match[1]);
    expect(families).toEqual([
      'Playfair Display Fallback: Times New Roman',
      'Playfair Display Fallback: Times New Roman',
      'Playfair Display Fallback: Times New Roman',
      'Playfair Display Fallback: Noto Serif',
      'Alex Brush Fallback: Times New Roman',
      'Alex Brush Fallback: Noto Serif',
    ]);
    expect(styles).toContain(
      "'Playfair Display', 'Playfair Display Fallback: Times New Roman', 'Playfair Display Fallback: Noto Serif',",
    );
    expect(styles).toContain(
      "'Alex Brush', 'Alex Brush Fallback: Times New Roman', 'Alex Brush Fallback: Noto Serif',",
    );
  });

  it('scale each local font to the web font’s width and give it the web font’s ascent and descent', () => {
    const playfairOnTimes = generated
      .split('@font-face')
      .find((face) => face.includes('Playfair Display Fallback: Times New Roman'));
    // Playfair Display's average width 452/1000 em, 97% of it on the pages (font-fallbacks.ts),
    // against Times New Roman's 832/2048: 438/1000 ÷ 832/2048 = 107.82%.
    expect(playfairOnTimes).toContain('size-adjust: 107.8154%');
    expect(playfairOnTimes).toContain("local('Liberation Serif')");
  });

  it('give bold text a bold local face for each bold weight the pages use', () => {
    const boldFaces = generated.split('@font-face').filter((face) => face.includes("local('Times New Roman Bold')"));
    expect(boldFaces.map((face) => face.match(/font-weight: (\d+)/)?.[1])).toEqual(['600', '700']);
    for (const face of boldFaces) expect(face).toContain("local('Liberation Serif Bold')");
  });
});

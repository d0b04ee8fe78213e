// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import fontsUrl from '../fonts.css?url';
import { loadFonts } from './load-fonts';

describe('loadFonts', () => {
  it('links the fonts’ style sheet', () => {
    loadFonts();
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((link) => [link.rel, link.getAttribute('href')])).toEqual([['stylesheet', fontsUrl]]);
  });
});

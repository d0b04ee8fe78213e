import { describe, expect, it } from 'vitest';
import { withTestModeBanner } from './web';

describe('a staging site’s pages', () => {
  it('say first thing in the body that no real money moves, outside the app’s root', () => {
    const html = '<!doctype html><html><head></head><body class="x">\n<div id="root"></div></body></html>';
    const banner =
      '<p role="status" class="bg-gold px-4 py-1 text-center text-xs font-semibold text-background">Test mode: no real money moves</p>';
    expect(withTestModeBanner(html)).toBe(
      `<!doctype html><html><head></head><body class="x">${banner}\n<div id="root"></div></body></html>`,
    );
  });
});

import { POST_LINKS_AFTER_MS } from '@shared/community';
import { describe, expect, it } from 'vitest';
import { areLinksClickable, splitLinks } from './post-links';

describe('splitLinks', () => {
  it('keeps text without links as one part', () => {
    expect(splitLinks('Just words,\nover two lines.')).toEqual([
      { kind: 'text', text: 'Just words,\nover two lines.' },
    ]);
  });

  it('finds http and https links between text', () => {
    expect(splitLinks('See https://example.com/a?b=1 and http://moon.test now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://moon.test', href: 'http://moon.test/' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves sentence punctuation after a link outside it', () => {
    expect(splitLinks('Read (https://example.com/page).')).toEqual([
      { kind: 'text', text: 'Read (' },
      { kind: 'link', text: 'https://example.com/page', href: 'https://example.com/page' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('never makes a link of other schemes', () => {
    expect(splitLinks('javascript:alert(1) ftp://files.test <script>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) ftp://files.test <script>' },
    ]);
  });

  it('keeps a link-shaped word that is not a URL as text', () => {
    expect(splitLinks('go to https://')).toEqual([{ kind: 'text', text: 'go to https://' }]);
  });

  it('gives back the whole text when the parts are joined', () => {
    const text = 'a https://x.test/1, b\nhttps://y.test/2! c';
    expect(
      splitLinks(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });
});

describe('areLinksClickable', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('is false for a post younger than a day', () => {
    expect(areLinksClickable(new Date(now.getTime() - POST_LINKS_AFTER_MS + 1000).toISOString(), now)).toBe(false);
  });

  it('is true from a day on', () => {
    expect(areLinksClickable(new Date(now.getTime() - POST_LINKS_AFTER_MS).toISOString(), now)).toBe(true);
  });
});

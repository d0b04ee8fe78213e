import { describe, expect, it } from 'vitest';
import { clipDescription, PAGE_DESCRIPTION_MAX_LENGTH, readerPageMeta } from './reader-page-meta';

describe('readerPageMeta', () => {
  it('titles a profile with the name and every specialty', () => {
    expect(
      readerPageMeta({ fullName: 'Aurora Starweaver', specialties: ['Tarot', 'Clairvoyance'], bio: 'Hi.' }),
    ).toEqual({
      title: 'Aurora Starweaver · Tarot, Clairvoyance',
      description: 'Hi.',
    });
    expect(readerPageMeta({ fullName: 'Kai Nightingale', specialties: [], bio: '' }).title).toBe('Kai Nightingale');
  });
});

describe('clipDescription', () => {
  it('keeps a short bio whole, on one line', () => {
    expect(clipDescription('Reads  the\nstars.\n')).toBe('Reads the stars.');
  });

  it('cuts a long bio at a word, within the length, with an ellipsis', () => {
    const bio = `${'moon '.repeat(60)}end`;
    const clipped = clipDescription(bio);
    expect(clipped.length).toBeLessThanOrEqual(PAGE_DESCRIPTION_MAX_LENGTH);
    expect(clipped).toMatch(/ moon…$/);
  });

  it('cuts one endless word too', () => {
    expect(clipDescription('x'.repeat(400))).toBe(`${'x'.repeat(PAGE_DESCRIPTION_MAX_LENGTH - 1)}…`);
  });
});

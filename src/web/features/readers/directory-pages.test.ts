import type { Reader } from '@shared/readers';
import { describe, expect, it } from 'vitest';
import { directoryReaders } from './directory-pages';

const reader = (id: string) => ({ id }) as Reader;

describe("the directory's loaded pages", () => {
  it('lists each reader once, in the order the pages gave them, and says when a page repeated one', () => {
    // B came online between the two fetches: it moved up a place and page 2 starts with it again.
    const { readers, hasRepeats } = directoryReaders([
      { readers: [reader('a'), reader('b')] },
      { readers: [reader('b'), reader('c')] },
    ]);
    expect(readers.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(hasRepeats).toBe(true);
  });

  it('keeps pages without repeats as they are', () => {
    const { readers, hasRepeats } = directoryReaders([
      { readers: [reader('a'), reader('b')] },
      { readers: [reader('c')] },
      { readers: [] },
    ]);
    expect(readers.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(hasRepeats).toBe(false);
  });
});

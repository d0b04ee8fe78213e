import type { Reader } from '@shared/readers';

/**
 * The directory's loaded pages as one list, each reader once. Pages are fetched by offset one
 * after another, and a reader whose place changed in between (came online, went busy) can be on
 * two of them: shown twice, and another skipped. `hasRepeats` says so, and the page then loads
 * its pages again, which come back from one moment's order.
 */
export function directoryReaders(pages: readonly { readers: readonly Reader[] }[]): {
  readers: Reader[];
  hasRepeats: boolean;
} {
  const seen = new Set<string>();
  const readers: Reader[] = [];
  for (const page of pages) {
    for (const reader of page.readers) {
      if (seen.has(reader.id)) continue;
      seen.add(reader.id);
      readers.push(reader);
    }
  }
  return { readers, hasRepeats: readers.length < pages.reduce((count, page) => count + page.readers.length, 0) };
}

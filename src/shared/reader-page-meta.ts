import type { Reader } from './readers';

/** Search engines and link previews show about this much of a description. */
export const PAGE_DESCRIPTION_MAX_LENGTH = 160;

/** A bio on one line, cut at a word within the length a preview shows. */
export function clipDescription(text: string, maxLength = PAGE_DESCRIPTION_MAX_LENGTH): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= maxLength) return oneLine;
  const cut = oneLine.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/**
 * A reader profile's title and description: the open tab (usePageMeta) and the server's link
 * preview tags (crawlers run no JavaScript) both use this, so the two always say the same.
 */
export function readerPageMeta(reader: Pick<Reader, 'fullName' | 'specialties' | 'bio'>): {
  title: string;
  description: string;
} {
  const title =
    reader.specialties.length > 0 ? `${reader.fullName} · ${reader.specialties.join(', ')}` : reader.fullName;
  return { title, description: clipDescription(reader.bio) };
}

import { POST_LINKS_AFTER_MS } from '@shared/community-rules';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence after a link belongs to the sentence, not to the link. */
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}]+$/;

function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits plain text into text and http(s) links, in order; joined back, the parts give the text. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let rest = 0;
  const push = (part: TextPart) => {
    const last = parts.at(-1);
    if (part.kind === 'text' && last?.kind === 'text') last.text += part.text;
    else if (part.text) parts.push(part);
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const link = match[0].replace(TRAILING_PUNCTUATION, '');
    const href = safeHref(link);
    push({ kind: 'text', text: text.slice(rest, start) });
    push(href ? { kind: 'link', text: link, href } : { kind: 'text', text: link });
    rest = start + link.length;
  }
  push({ kind: 'text', text: text.slice(rest) });
  return parts;
}

/** Links in a new post stay plain text for a day, so spam is reported and hidden before anyone can follow it. */
export function areLinksClickable(createdAt: string, now: Date): boolean {
  return now.getTime() - new Date(createdAt).getTime() >= POST_LINKS_AFTER_MS;
}

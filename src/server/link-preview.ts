import { documentTitle } from '@shared/page-title';
import { readerPageMeta } from '@shared/reader-page-meta';
import type { Reader } from '@shared/readers';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an HTML text node or a quoted attribute: nothing in it can close either. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

export interface LinkPreview {
  title: string;
  description: string;
  url: string;
  imageUrl: string | null;
}

/** What a shared profile link shows in a chat or a feed: the same title and description as the open tab. */
export function readerLinkPreview(reader: Reader, publicUrl: string): LinkPreview {
  const { title, description } = readerPageMeta(reader);
  return {
    title: documentTitle(title),
    description,
    url: `${publicUrl}/readers/${encodeURIComponent(reader.username)}`,
    imageUrl: reader.profileImage,
  };
}

function headTags(preview: LinkPreview): string[] {
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(preview.title)}</title>`,
    `<meta name="description" content="${escapeHtml(preview.description)}" />`,
    property('og:type', 'profile'),
    property('og:title', preview.title),
    property('og:description', preview.description),
    property('og:url', preview.url),
    ...(preview.imageUrl ? [property('og:image', preview.imageUrl)] : []),
    // A profile photo is square: the small card shows it whole.
    '<meta name="twitter:card" content="summary" />',
  ];
}

/**
 * index.html with one page's title, description and Open Graph tags, for crawlers that run no
 * JavaScript. The template's own title and description go (a page has one of each) and the page's
 * tags take their place before </head>; a replacer function, so a `$` in a bio is only a dollar.
 */
export function withLinkPreview(indexHtml: string, preview: LinkPreview): string {
  return indexHtml
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[^>]*>/, '')
    .replace('</head>', () => `  ${headTags(preview).join('\n    ')}\n  </head>`);
}

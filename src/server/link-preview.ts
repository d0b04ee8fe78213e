import { documentTitle } from '@shared/page-title';
import { readerProfilePath } from '@shared/paths';
import { readerPageMeta } from '@shared/reader-page-meta';
import type { PageMeta } from '@shared/public-pages';
import type { ReaderDetails } from '@shared/readers';
import { jsonInScript } from './json-in-html';
import { type ReaderJsonLd, readerJsonLd } from './reader-json-ld';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an HTML text node or a quoted attribute: nothing in it can close either. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

export interface LinkPreview {
  title: string;
  description: string;
  /** The page's one address, also its canonical link: crawlers fold its other spellings into it. */
  url: string;
  imageUrl: string | null;
  /** Open Graph's kind of page: a reader's profile, or a page of the site. */
  kind: 'profile' | 'website';
  /** A profile's schema.org data: search engines show a person's specialties, rates and rating from it. */
  jsonLd?: ReaderJsonLd;
}

/** What a shared profile link shows in a chat or a feed: the same title and description as the open tab. */
export function readerLinkPreview(reader: ReaderDetails, publicUrl: string): LinkPreview {
  const { title, description } = readerPageMeta(reader);
  const url = `${publicUrl}${readerProfilePath(reader.username)}`;
  return {
    title: documentTitle(title),
    description,
    url,
    imageUrl: reader.profileImage,
    kind: 'profile',
    jsonLd: readerJsonLd(reader, url),
  };
}

/** One of the site's public pages (PUBLIC_PAGES), at its address under the public URL. */
export function pageLinkPreview(page: PageMeta & { path: string }, publicUrl: string): LinkPreview {
  return {
    title: documentTitle(page.title),
    description: page.description,
    url: `${publicUrl}${page.path}`,
    imageUrl: null,
    kind: 'website',
  };
}

function headTags(preview: LinkPreview): string[] {
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(preview.title)}</title>`,
    `<meta name="description" content="${escapeHtml(preview.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(preview.url)}" />`,
    property('og:type', preview.kind),
    property('og:title', preview.title),
    property('og:description', preview.description),
    property('og:url', preview.url),
    ...(preview.imageUrl ? [property('og:image', preview.imageUrl)] : []),
    // A profile photo is square: the small card shows it whole.
    ...(preview.kind === 'profile' ? ['<meta name="twitter:card" content="summary" />'] : []),
    // A data block, never run: the Content-Security-Policy's script rules do not apply to it.
    ...(preview.jsonLd ? [`<script type="application/ld+json">${jsonInScript(preview.jsonLd)}</script>`] : []),
  ];
}

/** index.html with tags added before </head> (a replacer function, so a `$` in them is only a dollar). */
export function withHeadTags(indexHtml: string, tags: string[]): string {
  return indexHtml.replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
}

/**
 * index.html with one page's title, description, canonical link, Open Graph tags and (a profile's)
 * JSON-LD, for crawlers that run no JavaScript. The template's own title and description go (a page
 * has one of each) and the page's tags take their place before </head>.
 */
export function withLinkPreview(indexHtml: string, preview: LinkPreview): string {
  const withoutDefaults = indexHtml
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[^>]*>/, '');
  return withHeadTags(withoutDefaults, headTags(preview));
}

import type { FastifyInstance } from 'fastify';
import { paths, readerProfilePath } from '@shared/paths';
import { escapeHtml } from './link-preview';
import { PUBLIC_PAGES } from './public-pages';

/**
 * What crawlers may index: everything public; not the signed-in areas, the API or pages that only
 * make sense mid-task (a reading, a request, a checkout), which would be empty to a crawler anyway.
 */
const PRIVATE_PREFIXES = [
  paths.dashboard,
  '/reading',
  '/api',
  '/session',
  paths.account,
  paths.shopOrders,
  '/sandbox',
  '/dev',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function urlEntry(loc: string, lastModified?: Date): string {
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
  // Same five escapes as XML's own entities.
  return `  <url><loc>${escapeHtml(loc)}</loc>${lastmod}</url>`;
}

/** Every listed reader's username and last profile change (the directory's cache keeps them current). */
export type ProfileLinks = () => Promise<{ username: string; updatedAt: Date }[]>;

/** The public pages and every listed reader's profile, as the readers are now. */
export async function sitemapXml(profileLinks: ProfileLinks, publicUrl: string): Promise<string> {
  const profiles = await profileLinks();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...Object.values(PUBLIC_PAGES).map((page) => urlEntry(`${publicUrl}${page.path}`)),
    ...profiles.map((profile) => urlEntry(`${publicUrl}${readerProfilePath(profile.username)}`, profile.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

/** /robots.txt and /sitemap.xml, served whether or not the web app is (they name its public pages). */
export async function crawlerFiles(app: FastifyInstance, deps: { publicUrl: string; profileLinks: ProfileLinks }) {
  // Files for crawlers, not API operations: kept out of the OpenAPI document.
  const notApi = { schema: { hide: true } };
  app.get('/robots.txt', notApi, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(deps.publicUrl)),
  );
  app.get('/sitemap.xml', notApi, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await sitemapXml(deps.profileLinks, deps.publicUrl)),
  );
}

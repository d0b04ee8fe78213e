import { paths } from '@shared/paths';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, pageLinkPreview, withHeadTags, withLinkPreview } from './link-preview';
import { PUBLIC_PAGES } from './public-pages';
import { type ReaderProfilePageDeps, readerProfilePage } from './reader-profile-page';
import { SOCKET_IO_PATH } from './realtime/socket-path';

export type AppShellDeps = ReaderProfilePageDeps;

/** Paths the web app never routes: the API and Socket.IO answer for themselves, JSON 404 otherwise. */
export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith(SOCKET_IO_PATH);

const ROUTE_PATTERNS = Object.values(paths).map((path) => path.split('/'));

/**
 * Whether the web app has a page at this path (the route table of src/web/routes.tsx is made of
 * `paths`): `:name` is one segment, and the dashboard routes its own sub-pages.
 */
export function isAppRoute(pathname: string): boolean {
  const segments = pathname.replace(/(.)\/$/, '$1').split('/');
  if (segments[1] === paths.dashboard.slice(1)) return true;
  return ROUTE_PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])),
  );
}

/**
 * The public pages rendered for visitors (decision 063): what people search for and open from a link.
 * The forms (applying, signing in) and every personal page render in the browser.
 */
const RENDERED_PAGES = new Set<string>([
  paths.home,
  paths.readers,
  paths.live,
  paths.shop,
  paths.community,
  paths.about,
  paths.help,
  paths.policies,
]);
const isCommunityThread = (pathname: string) => /^\/community\/[^/]+$/.test(pathname);

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  // A deploy changes index.html's script names: it is never taken from a cache unasked.
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

/**
 * The web app's HTML for every GET that is not a file: the public pages with their own title,
 * description and canonical link (crawlers run no JavaScript), any other page of the app with its
 * canonical link, and a path no page has with status 404 (the app then shows 'Lost in the
 * Cosmos'), so a crawler or a link checker learns the page is not there.
 */
export async function appShell(app: FastifyInstance, deps: AppShellDeps) {
  await app.register(readerProfilePage, deps);
  for (const page of Object.values(PUBLIC_PAGES)) {
    app.get(page.path, async (request, reply) => {
      const template = withLinkPreview(await deps.indexHtml(), pageLinkPreview(page, deps.publicUrl));
      return RENDERED_PAGES.has(page.path) ? deps.pages.send(request, reply, template) : sendHtml(reply, 200, template);
    });
  }
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (isApiPath(pathname)) return reply.callNotFound();
    const template = await deps.indexHtml();
    if (!isAppRoute(pathname))
      return sendHtml(reply, 404, withHeadTags(template, ['<meta name="robots" content="noindex" />']));
    const withCanonical = withHeadTags(template, [
      `<link rel="canonical" href="${escapeHtml(`${deps.publicUrl}${pathname}`)}" />`,
    ]);
    return isCommunityThread(pathname)
      ? deps.pages.send(request, reply, withCanonical)
      : sendHtml(reply, 200, withCanonical);
  });
}

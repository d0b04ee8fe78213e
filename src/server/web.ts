import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@shared/errors';
import { APP_ROOT } from './app-root';
import { appShell, isApiPath } from './app-shell';
import { crawlerFiles, type ProfileLinks } from './crawler-files';
import type { DbOrTx } from './db/client';
import { loadPageRenderer, pageSender } from './rendered-pages';
import type { WriteSignal } from './write-signal';

const webRoot = join(APP_ROOT, 'dist/web');

/**
 * Serves the built React app: its files, and its HTML for the app's pages (app-shell.ts: status 404
 * for a path no page has); unknown /api paths get a JSON 404. In development the Vite dev server
 * runs as middleware instead (hot reload on one port).
 */
/**
 * A staging site (production on the sandbox's play money, ALLOW_TEST_PAYMENTS) says so on every
 * page, written into the page's HTML above the app: no script or request of its own on any page,
 * and nothing at all where money is real.
 */
const TEST_MODE_BANNER =
  '<p role="status" class="bg-gold px-4 py-1 text-center text-xs font-semibold text-background">Test mode: no real money moves</p>';
export const withTestModeBanner = (html: string) => html.replace(/<body([^>]*)>/, `<body$1>${TEST_MODE_BANNER}`);

/**
 * The label a file of the build gets in the request metric: its folder's (`/assets/*` for every
 * hashed script, style and font, `/icons/*`), or for a file at the top (sw.js, the manifest) its
 * path. A fixed few, however many files a build has.
 */
export const webFileMetricsRoute = (url: string) => {
  const folder = /^\/[^/]+\//.exec(url)?.[0];
  return folder ? `${folder}*` : url;
};

/**
 * The built web app's files under `root`, each a route of its own (@fastify/static lists them at
 * start, `wildcard: false`), which the request metric counts by webFileMetricsRoute. A plugin of
 * its own, so its onRoute hook sees the files' routes only.
 */
export async function webFiles(app: FastifyInstance, options: { root: string }) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, metricsRoute: webFileMetricsRoute(route.url) };
  });
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    // The app's pages (index.html with each page's tags) are app-shell.ts's.
    index: false,
    // The build wrote each text file also as .br and .gz (vite.config.ts): the one the browser
    // accepts is sent as it is, never compressed again per request. They are not routes of their own.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    // Hashed assets never change under their name; index.html, the service worker (sw.js) and the
    // web app manifest must always be revalidated, or a deploy would not reach installed apps.
    setHeaders: (res, path) => {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

export async function registerWeb(
  app: FastifyInstance,
  mode: 'built' | 'vite' | 'none',
  pages: {
    db: DbOrTx;
    publicUrl: string;
    profileLinks: ProfileLinks;
    isTestMode: boolean;
    onWrite: WriteSignal['onWrite'];
  },
) {
  app.setNotFoundHandler((request, reply) => {
    if (mode === 'vite' && !isApiPath(request.url) && request.method === 'GET') return reply.callNotFound();
    return reply.status(404).send({
      error: { code: ERROR_CODES.notFound, message: `No route for ${request.method} ${request.url.split('?')[0]}` },
    });
  });
  await app.register(crawlerFiles, pages);
  if (mode === 'built') {
    if (!existsSync(webRoot)) throw new Error(`The web app is not built (${webRoot} missing): run \`npm run build\``);
    await app.register(webFiles, { root: webRoot });
    // Read once: every profile page is this template with its own tags.
    let indexHtml: Promise<string> | undefined;
    const readIndexHtml = async () => {
      const html = await readFile(join(webRoot, 'index.html'), 'utf8');
      return pages.isTestMode ? withTestModeBanner(html) : html;
    };
    const rendered = pageSender(await loadPageRenderer(app), app.log);
    // Whatever a write changed, the next visitor of a public page sees it.
    pages.onWrite(rendered.forget);
    await app.register(appShell, { ...pages, indexHtml: () => (indexHtml ??= readIndexHtml()), pages: rendered });
  }
  if (mode === 'vite') {
    const { createServer } = await import('vite');
    const middie = (await import('@fastify/middie')).default;
    await app.register(middie);
    const vite = await createServer({ server: { middlewareMode: true, hmr: { server: app.server } }, appType: 'spa' });
    app.use((req, res, next) => (isApiPath(req.url ?? '') ? next() : vite.middlewares(req, res, next)));
    app.addHook('onClose', async () => vite.close());
  }
}

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fromNodeHeaders } from 'better-auth/node';
import { getSessionCookie } from 'better-auth/cookies';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type ApiFetch,
  type PageRenderer,
  RENDERED_AT_ATTRIBUTE,
  RENDERED_PAGE_TTL_MS,
  RENDERED_STATE_ID,
  type RenderedPage,
} from '@shared/server-render';
import { APP_ROOT } from './app-root';
import { acceptedEncoding, type ContentEncoding, matchesEtag } from './http-caching';
import { jsonInScript } from './json-in-html';

/**
 * The public pages rendered on the server for visitors and crawlers (docs/decisions/063),
 * by the web app's own components (src/web/entry-server.tsx, built into dist/ssr).
 */

const RENDERER_FILE = join(APP_ROOT, 'dist/ssr/entry-server.js');
const brotliCompress = promisify(zlib.brotliCompress);
const gzipCompress = promisify(zlib.gzip);

/**
 * The server's API, called in process for the renderer: GETs only (a page is rendered, nothing is
 * changed) and never with anyone's cookie, through the same routes, checks and caches as the browser's.
 */
function inProcessApi(app: FastifyInstance): ApiFetch {
  return async (path, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') throw new Error(`Rendering a page may only read the API, not ${method} ${path}`);
    const answer = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } });
    return new Response(answer.statusCode === 204 ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** The built renderer with the app's API behind it. */
export async function loadPageRenderer(app: FastifyInstance): Promise<PageRenderer> {
  if (!existsSync(RENDERER_FILE))
    throw new Error(`The page renderer is not built (${RENDERER_FILE} missing): run \`npm run build\``);
  const built: { createPageRenderer?: unknown } = await import(pathToFileURL(RENDERER_FILE).href);
  if (typeof built.createPageRenderer !== 'function') throw new Error(`${RENDERER_FILE} exports no createPageRenderer`);
  const renderer: PageRenderer = built.createPageRenderer(inProcessApi(app));
  return renderer;
}

/** URLs kept at once: the directory's filters make many; the oldest goes first. */
const MAX_KEPT_PAGES = 200;

/**
 * A CDN may keep a visitor's page for half a minute and must ask again for anyone with a cookie (a
 * signed-in person gets the app's shell, rendered in their browser with their own state); a
 * browser always revalidates, so one that signs in never shows the visitor's page again.
 */
const VISITOR_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=30';
const PERSONAL_CACHE_CONTROL = 'private, no-cache';

/**
 * The shell with the rendered page inside #root and its data beside it, for the browser's query
 * cache. Its 'needs JavaScript' notice goes: a rendered page reads without it.
 */
export function withRenderedPage(template: string, page: RenderedPage): string {
  const state = `<script type="application/json" id="${RENDERED_STATE_ID}" ${RENDERED_AT_ATTRIBUTE}="${page.renderedAt}">${jsonInScript(page.state)}</script>`;
  return template
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${state}`);
}

export interface PageSender {
  /**
   * Answers a public page: rendered with its content for a visitor, the shell (`template`, with the
   * page's head tags already in) for a signed-in person, and the shell as well if rendering fails.
   */
  send(request: FastifyRequest, reply: FastifyReply, template: string): Promise<FastifyReply>;
  /**
   * Drops every kept page: something changed through this node (a product shown again, a profile
   * saved), and the next visitor must see it. Other nodes' pages are at most RENDERED_PAGE_TTL_MS old.
   */
  forget(): void;
}

const sendShell = (reply: FastifyReply, template: string) =>
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', PERSONAL_CACHE_CONTROL)
    .header('vary', 'Cookie')
    .send(template);

/** A rendered page as it is sent: kept compressed both ways, so a crowd's visits cost no compression each. */
interface KeptPage {
  html: string;
  etag: string;
  encoded: Record<ContentEncoding, Buffer>;
}

export function pageSender(
  renderer: PageRenderer | null,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): PageSender {
  // A few seconds (RENDERED_PAGE_TTL_MS) turn a crowd's visits into one render.
  const kept = new Map<string, { at: number; page: Promise<KeptPage> }>();
  const render = async (url: string, template: string): Promise<KeptPage> => {
    if (!renderer) throw new Error('No page renderer');
    const html = withRenderedPage(template, await renderer(url));
    // Off the event loop (zlib's thread pool), at the levels @fastify/compress uses for the API's answers.
    const [br, gzip] = await Promise.all([
      brotliCompress(html, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        },
      }),
      gzipCompress(html),
    ]);
    return {
      html,
      etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      encoded: { br, gzip },
    };
  };
  /** A URL's page and its ETag, rendered at most once a TTL (a URL always gets the same template). */
  const rendered = (url: string, template: string) => {
    const hit = kept.get(url);
    if (hit && now() - hit.at < RENDERED_PAGE_TTL_MS) return hit.page;
    const page = render(url, template);
    kept.delete(url);
    kept.set(url, { at: now(), page });
    if (kept.size > MAX_KEPT_PAGES) kept.delete(kept.keys().next().value ?? url);
    // A failed render is not kept: the next visitor tries again.
    page.catch(() => kept.get(url)?.page === page && kept.delete(url));
    return page;
  };
  return {
    forget: () => kept.clear(),
    async send(request, reply, template) {
      if (!renderer || getSessionCookie(fromNodeHeaders(request.headers))) return sendShell(reply, template);
      let page: KeptPage;
      try {
        page = await rendered(request.url, template);
      } catch (error) {
        log.error({ err: error, url: request.url }, 'rendering a public page failed; the browser renders it instead');
        return sendShell(reply, template);
      }
      reply
        .header('cache-control', VISITOR_CACHE_CONTROL)
        .header('vary', 'Cookie, Accept-Encoding')
        .header('etag', page.etag);
      if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
      reply.type('text/html; charset=utf-8');
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      // With its Content-Encoding set, @fastify/compress leaves the body as it is.
      return encoding ? reply.header('content-encoding', encoding).send(page.encoded[encoding]) : reply.send(page.html);
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from './db/client';
import type { PageSender } from './rendered-pages';
import { findListedReaderByUsername } from './features/readers/find-reader-by-username';
import { readerLinkPreview, withLinkPreview } from './link-preview';

export interface ReaderProfilePageDeps {
  db: DbOrTx;
  publicUrl: string;
  /** The built index.html, read once and kept (web.ts); tests pass their own. */
  indexHtml: () => Promise<string>;
  /** Renders the page for visitors (rendered-pages.ts). */
  pages: PageSender;
}

/**
 * GET /readers/:username as HTML with the profile's link-preview tags and canonical link, and for
 * a visitor the profile itself, rendered: crawlers run no JavaScript. An unknown or suspended reader
 * gets the plain app with a 404, and the app shows 'Reader not found'.
 */
export async function readerProfilePage(app: FastifyInstance, deps: ReaderProfilePageDeps) {
  app.get<{ Params: { username: string } }>('/readers/:username', async (request, reply) => {
    const template = await deps.indexHtml();
    const reader = await findListedReaderByUsername(deps.db, request.params.username);
    if (!reader)
      return reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(template);
    return deps.pages.send(request, reply, withLinkPreview(template, readerLinkPreview(reader, deps.publicUrl)));
  });
}

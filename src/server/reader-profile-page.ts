import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from './db/client';
import { findListedReaderByUsername } from './features/readers/find-reader-by-username';
import { readerLinkPreview, withLinkPreview } from './link-preview';

export interface ReaderProfilePageDeps {
  db: DbOrTx;
  publicUrl: string;
  /** The built index.html, read once and kept (web.ts); tests pass their own. */
  indexHtml: () => Promise<string>;
}

/**
 * GET /readers/:username as HTML with the profile's link-preview tags and canonical link: crawlers
 * run no JavaScript, so the server writes what the page would. An unknown or suspended reader gets
 * the plain app with a 404, and the app shows 'Reader not found'.
 */
export async function readerProfilePage(app: FastifyInstance, deps: ReaderProfilePageDeps) {
  app.get<{ Params: { username: string } }>('/readers/:username', async (request, reply) => {
    const template = await deps.indexHtml();
    const reader = await findListedReaderByUsername(deps.db, request.params.username);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!reader) return reply.status(404).send(template);
    return reply.send(withLinkPreview(template, readerLinkPreview(reader, deps.publicUrl)));
  });
}

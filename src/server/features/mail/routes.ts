import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailboxQuerySchema, mailboxResponseSchema } from '@shared/mail';
import { readMailbox } from './mailbox-transport';

/**
 * The local mailbox, outside production only: GET /api/dev/mailbox?to= (newest first). Anyone may
 * read it, as anyone may read a development server's log; it never holds real mail.
 */
export async function devMailboxRoutes(app: FastifyInstance, deps: { mailboxDir: string }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/dev/mailbox',
      { schema: { querystring: mailboxQuerySchema, response: { 200: mailboxResponseSchema } } },
      async (request) => ({ messages: await readMailbox(deps.mailboxDir, request.query.to || undefined) }),
    );
}

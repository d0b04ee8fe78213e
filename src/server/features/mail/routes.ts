import type { FastifyInstance } from 'fastify';
import { devApi } from '@shared/api/dev';
import { route } from '../../endpoint-route';
import { readMailbox } from './mailbox-transport';

/**
 * The local mailbox, outside production only: GET /api/dev/mailbox?to= (newest first). Anyone may
 * read it, as anyone may read a development server's log; it never holds real mail.
 */
export async function devMailboxRoutes(app: FastifyInstance, deps: { mailboxDir: string }) {
  route({ app }, devApi.mailbox, async (request) => ({
    messages: await readMailbox(deps.mailboxDir, request.query.to || undefined),
  }));
}

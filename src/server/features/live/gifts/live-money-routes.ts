import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  joinStreamResultSchema,
  sendGiftSchema,
  sentGiftSchema,
  streamGiftSummarySchema,
  streamIdParamsSchema,
} from '@shared/live';
import { idempotentRequestHeadersSchema } from '@shared/wallet';
import type { Auth } from '../../../auth/auth';
import { currentUser, requireUser } from '../../auth';
import type { LiveDeps } from '../deps';
import { joinStream } from '../paid-join/join-stream';
import { getGiftSummary } from './get-gift-summary';
import { sendGift } from './send-gift';

export type LiveMoneyDeps = Pick<LiveDeps, 'db' | 'clock' | 'realtime'> & { auth: Auth };

/** The money of live streams: gifts and a priced stream's admission, both through the ledger. */
export async function liveMoneyRoutes(app: FastifyInstance, deps: LiveMoneyDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Checked on request, before the body is read: a signed-out caller learns nothing about inputs.
  const signedIn = requireUser(deps.auth);

  api.post(
    '/api/live/streams/:id/gifts',
    {
      onRequest: signedIn,
      schema: {
        params: streamIdParamsSchema,
        body: sendGiftSchema,
        headers: idempotentRequestHeadersSchema,
        response: { 201: sentGiftSchema },
      },
    },
    async (request, reply) => {
      const sender = currentUser(request);
      const { result, isReplay } = await sendGift(deps, {
        senderId: sender.id,
        senderName: sender.name,
        streamId: request.params.id,
        giftId: request.body.giftId,
        idempotencyKey: request.headers['idempotency-key'],
      });
      // As deposits do: a replay repeats the first answer and says it is one.
      if (isReplay) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result);
    },
  );

  api.get(
    '/api/live/streams/:id/gifts',
    { schema: { params: streamIdParamsSchema, response: { 200: streamGiftSummarySchema } } },
    async (request) => getGiftSummary(deps.db, request.params.id),
  );

  api.post(
    '/api/live/streams/:id/join',
    { onRequest: signedIn, schema: { params: streamIdParamsSchema, response: { 200: joinStreamResultSchema } } },
    async (request) => joinStream(deps, request.params.id, currentUser(request).id),
  );
}

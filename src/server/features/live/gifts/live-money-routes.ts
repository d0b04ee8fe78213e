import type { FastifyInstance } from 'fastify';
import { liveApi } from '@shared/api/live';
import type { Auth } from '../../../auth/auth';
import { route } from '../../../endpoint-route';
import { currentUser } from '../../auth';
import type { LiveDeps } from '../deps';
import { joinStream } from '../paid-join/join-stream';
import { getGiftSummary } from './get-gift-summary';
import { sendGift } from './send-gift';

export type LiveMoneyDeps = Pick<LiveDeps, 'db' | 'clock' | 'realtime'> & { auth: Auth };

/** The money of live streams: gifts and a priced stream's admission, both through the ledger. */
export async function liveMoneyRoutes(app: FastifyInstance, deps: LiveMoneyDeps) {
  const api = { app, auth: deps.auth };

  route(api, liveApi.sendGift, async (request, reply) => {
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
  });

  route(api, liveApi.gifts, async (request) => getGiftSummary(deps.db, request.params.id));

  route(api, liveApi.join, async (request) => joinStream(deps, request.params.id, currentUser(request).id));
}

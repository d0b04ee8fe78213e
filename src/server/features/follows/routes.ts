import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { followParamsSchema, followStateSchema } from '@shared/live';
import { followedReaderListSchema } from '@shared/follows';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { currentUser, requireUser } from '../auth';
import { listFollowedReaders } from './list-followed-readers';
import { followReader, getFollowState, unfollowReader } from './set-follow';

/**
 * Following a reader, for any signed-in user (a reader may follow another reader). PUT and DELETE
 * are idempotent and answer the new state with the follower count, so a Follow button needs no
 * second request; followers hear when the reader goes live (notifications/notify-stream-live.ts).
 */
export async function followRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; clock: Clock }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const signedIn = requireUser(deps.auth);
  const params = { params: followParamsSchema, response: { 200: followStateSchema } };

  api.get(
    '/api/follows',
    { onRequest: signedIn, schema: { response: { 200: followedReaderListSchema } } },
    async (request) => ({ readers: await listFollowedReaders(db, currentUser(request).id) }),
  );

  api.get('/api/follows/:readerId', { onRequest: signedIn, schema: params }, async (request) =>
    getFollowState(db, currentUser(request).id, request.params.readerId),
  );

  api.put('/api/follows/:readerId', { onRequest: signedIn, schema: params }, async (request) =>
    followReader(db, currentUser(request).id, request.params.readerId, new Date(deps.clock.now())),
  );

  api.delete('/api/follows/:readerId', { onRequest: signedIn, schema: params }, async (request) =>
    unfollowReader(db, currentUser(request).id, request.params.readerId),
  );
}

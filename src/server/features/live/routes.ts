import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createStreamResultSchema,
  createStreamSchema,
  liveStreamListSchema,
  liveStreamSchema,
  reminderStateSchema,
  startedStreamSchema,
  streamIdParamsSchema,
  streamListQuerySchema,
  streamMessageParamsSchema,
  streamViewerParamsSchema,
} from '@shared/live';
import { noContentSchema } from '@shared/errors';
import type { Auth } from '../../auth/auth';
import { currentUser, readViewerId, requireUser } from '../auth';
import { createStream } from './create-stream';
import type { LiveDeps } from './deps';
import { endStream } from './end-stream';
import { listMyStreams, listStreams } from './list-streams';
import { muteViewer, removeMessage, unmuteViewer } from './moderate-chat';
import { startStream } from './start-stream';
import { addReminder, removeReminder } from './stream-reminders';
import { getStream } from './stream-view';

/**
 * Live streams over HTTP. Lists and a stream's page are public (a visitor sees what is on);
 * watching and chatting go through the socket, which needs a sign-in (docs/decisions/023).
 */
export async function liveRoutes(app: FastifyInstance, deps: LiveDeps & { auth: Auth }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const signedIn = requireUser(deps.auth);
  const readersOnly = requireUser(deps.auth, 'reader');
  const now = () => new Date(deps.clock.now());
  const oneStream = { response: { 200: liveStreamSchema } };
  const noContent = { response: { 204: noContentSchema } };

  api.post(
    '/api/live/streams',
    { onRequest: readersOnly, schema: { body: createStreamSchema, response: { 201: createStreamResultSchema } } },
    async (request, reply) => {
      const created = await createStream(deps, currentUser(request).id, request.body, request.log);
      return reply.status(201).send(created);
    },
  );

  api.get(
    '/api/live/streams',
    { schema: { querystring: streamListQuerySchema, response: { 200: liveStreamListSchema } } },
    async (request) => ({
      streams: await listStreams(db, request.query, await readViewerId(deps.auth, request), now()),
    }),
  );

  // Before `/:id`, so 'mine' is never read as a stream id.
  api.get(
    '/api/live/streams/mine',
    { onRequest: readersOnly, schema: { response: { 200: liveStreamListSchema } } },
    async (request) => ({ streams: await listMyStreams(db, currentUser(request).id) }),
  );

  api.get('/api/live/streams/:id', { schema: { params: streamIdParamsSchema, ...oneStream } }, async (request) =>
    getStream(db, request.params.id, await readViewerId(deps.auth, request)),
  );

  api.post(
    '/api/live/streams/:id/start',
    {
      onRequest: readersOnly,
      config: { refusedWhileDraining: true },
      schema: { params: streamIdParamsSchema, response: { 200: startedStreamSchema } },
    },
    async (request) => startStream(deps, currentUser(request).id, request.params.id, request.log),
  );

  api.post(
    '/api/live/streams/:id/end',
    { onRequest: signedIn, schema: { params: streamIdParamsSchema, ...oneStream } },
    async (request) => endStream(deps, currentUser(request), request.params.id),
  );

  const reminder = { params: streamIdParamsSchema, response: { 200: reminderStateSchema } };
  api.put('/api/live/streams/:id/reminder', { onRequest: signedIn, schema: reminder }, async (request) =>
    addReminder(db, currentUser(request).id, request.params.id, now()),
  );
  api.delete('/api/live/streams/:id/reminder', { onRequest: signedIn, schema: reminder }, async (request) =>
    removeReminder(db, currentUser(request).id, request.params.id),
  );

  api.delete(
    '/api/live/streams/:id/messages/:messageId',
    { onRequest: signedIn, schema: { params: streamMessageParamsSchema, ...noContent } },
    async (request, reply) => {
      await removeMessage(deps, currentUser(request), request.params.id, request.params.messageId);
      return reply.status(204).send();
    },
  );
  api.put(
    '/api/live/streams/:id/mutes/:userId',
    { onRequest: signedIn, schema: { params: streamViewerParamsSchema, ...noContent } },
    async (request, reply) => {
      await muteViewer(deps, currentUser(request), request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );
  api.delete(
    '/api/live/streams/:id/mutes/:userId',
    { onRequest: signedIn, schema: { params: streamViewerParamsSchema, ...noContent } },
    async (request, reply) => {
      await unmuteViewer(deps, currentUser(request), request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );
}

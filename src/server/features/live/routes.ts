import type { FastifyInstance } from 'fastify';
import { liveApi } from '@shared/api/live';
import type { Auth } from '../../auth/auth';
import { route } from '../../endpoint-route';
import { currentUser, readViewerId } from '../auth';
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
  const api = { app, auth: deps.auth };
  const { db } = deps;
  const now = () => new Date(deps.clock.now());

  route(api, liveApi.create, async (request, reply) => {
    const created = await createStream(deps, currentUser(request).id, request.body, request.log);
    return reply.status(201).send(created);
  });

  route(api, liveApi.list, async (request) => ({
    streams: await listStreams(db, request.query, await readViewerId(deps.auth, request), now()),
  }));

  // Before `/:id`, so 'mine' is never read as a stream id.
  route(api, liveApi.mine, async (request) => ({ streams: await listMyStreams(db, currentUser(request).id) }));

  route(api, liveApi.get, async (request) => getStream(db, request.params.id, await readViewerId(deps.auth, request)));

  route(api, liveApi.start, { config: { refusedWhileDraining: true } }, async (request) =>
    startStream(deps, currentUser(request).id, request.params.id, request.log),
  );

  route(api, liveApi.end, async (request) => endStream(deps, currentUser(request), request.params.id));

  route(api, liveApi.addReminder, async (request) =>
    addReminder(db, currentUser(request).id, request.params.id, now()),
  );
  route(api, liveApi.removeReminder, async (request) => removeReminder(db, currentUser(request).id, request.params.id));

  route(api, liveApi.removeMessage, async (request, reply) => {
    await removeMessage(deps, currentUser(request), request.params.id, request.params.messageId);
    return reply.status(204).send();
  });
  route(api, liveApi.mute, async (request, reply) => {
    await muteViewer(deps, currentUser(request), request.params.id, request.params.userId);
    return reply.status(204).send();
  });
  route(api, liveApi.unmute, async (request, reply) => {
    await unmuteViewer(deps, currentUser(request), request.params.id, request.params.userId);
    return reply.status(204).send();
  });
}

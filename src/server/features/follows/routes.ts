import type { FastifyInstance } from 'fastify';
import { followsApi } from '@shared/api/follows';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
import { listFollowedReaders } from './list-followed-readers';
import { followReader, getFollowState, unfollowReader } from './set-follow';

/** Followers hear when the reader goes live (notifications/notify-stream-live.ts). */
export async function followRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; clock: Clock }) {
  const api = { app, auth: deps.auth };
  const { db } = deps;

  route(api, followsApi.list, async (request) => ({ readers: await listFollowedReaders(db, currentUser(request).id) }));

  route(api, followsApi.state, async (request) => getFollowState(db, currentUser(request).id, request.params.readerId));

  route(api, followsApi.follow, async (request) =>
    followReader(db, currentUser(request).id, request.params.readerId, new Date(deps.clock.now())),
  );

  route(api, followsApi.unfollow, async (request) =>
    unfollowReader(db, currentUser(request).id, request.params.readerId),
  );
}

import type { FastifyInstance } from 'fastify';
import { favoritesApi } from '@shared/api/favorites';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
import { listFavoriteReaders } from './list-favorite-readers';
import { addFavorite, removeFavorite } from './set-favorite';

export async function favoriteRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; clock: Clock }) {
  const api = { app, auth: deps.auth };
  const { db } = deps;

  route(api, favoritesApi.list, async (request) => ({
    readers: await listFavoriteReaders(db, currentUser(request).id, { withTopBySessions: false }),
  }));

  route(api, favoritesApi.dashboard, async (request) => ({
    readers: await listFavoriteReaders(db, currentUser(request).id, { withTopBySessions: true }),
  }));

  route(api, favoritesApi.add, async (request, reply) => {
    await addFavorite(db, currentUser(request).id, request.params.readerId, new Date(deps.clock.now()));
    return reply.status(204).send();
  });

  route(api, favoritesApi.remove, async (request, reply) => {
    await removeFavorite(db, currentUser(request).id, request.params.readerId);
    return reply.status(204).send();
  });
}

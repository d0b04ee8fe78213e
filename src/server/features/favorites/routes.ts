import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { favoriteReaderListSchema, favoriteReaderParamsSchema } from '@shared/favorites';
import { noContentSchema } from '@shared/errors';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { currentUser, requireUser } from '../auth';
import { listFavoriteReaders } from './list-favorite-readers';
import { addFavorite, removeFavorite } from './set-favorite';

/**
 * A client's favorite readers. PUT and DELETE are idempotent (204 whatever the state before), so a
 * double click or a retried request lands in the same place.
 */
export async function favoriteRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; clock: Clock }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const clientsOnly = requireUser(deps.auth, 'client');

  const readerList = { response: { 200: favoriteReaderListSchema } };
  api.get('/api/favorites', { onRequest: clientsOnly, schema: readerList }, async (request) => ({
    readers: await listFavoriteReaders(db, currentUser(request).id, { withTopBySessions: false }),
  }));

  api.get('/api/favorites/dashboard', { onRequest: clientsOnly, schema: readerList }, async (request) => ({
    readers: await listFavoriteReaders(db, currentUser(request).id, { withTopBySessions: true }),
  }));

  const change = { params: favoriteReaderParamsSchema, response: { 204: noContentSchema } };
  api.put('/api/favorites/:readerId', { onRequest: clientsOnly, schema: change }, async (request, reply) => {
    await addFavorite(db, currentUser(request).id, request.params.readerId, new Date(deps.clock.now()));
    return reply.status(204).send();
  });

  api.delete('/api/favorites/:readerId', { onRequest: clientsOnly, schema: change }, async (request, reply) => {
    await removeFavorite(db, currentUser(request).id, request.params.readerId);
    return reply.status(204).send();
  });
}

import { noContentSchema } from '../errors';
import { favoriteReaderListSchema, favoriteReaderParamsSchema } from '../favorites';
import { defineEndpoint } from './endpoint';

/**
 * A client's favorite readers. PUT and DELETE are idempotent (204 whatever the state before), so a
 * double click or a retried request lands in the same place.
 */
export const favoritesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/favorites',
    access: ['client'],
    summary: 'The readers the client hearted',
    tag: 'favorites',
    responses: { 200: favoriteReaderListSchema },
  }),
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/api/favorites/dashboard',
    access: ['client'],
    summary: 'The client’s top readers by readings together, then the hearted ones, once each',
    tag: 'favorites',
    responses: { 200: favoriteReaderListSchema },
  }),
  add: defineEndpoint({
    method: 'PUT',
    path: '/api/favorites/:readerId',
    access: ['client'],
    summary: 'Hearts a reader (no change if already hearted)',
    tag: 'favorites',
    params: favoriteReaderParamsSchema,
    responses: { 204: noContentSchema },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/favorites/:readerId',
    access: ['client'],
    summary: 'Un-hearts a reader (no change if not hearted)',
    tag: 'favorites',
    params: favoriteReaderParamsSchema,
    responses: { 204: noContentSchema },
  }),
};

import { followedReaderListSchema } from '../follows';
import { followParamsSchema, followStateSchema } from '../live';
import { defineEndpoint } from './endpoint';

/**
 * Following a reader, for anyone signed in (a reader may follow another reader). PUT and DELETE are
 * idempotent and answer the new state with the follower count, so a Follow button needs no second
 * request.
 */
export const followsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/follows',
    access: 'signed-in',
    summary: 'The readers the caller follows, the latest followed first',
    tag: 'follows',
    responses: { 200: followedReaderListSchema },
  }),
  state: defineEndpoint({
    method: 'GET',
    path: '/api/follows/:readerId',
    access: 'signed-in',
    summary: 'Whether the caller follows a reader, and the reader’s follower count',
    tag: 'follows',
    params: followParamsSchema,
    responses: { 200: followStateSchema },
  }),
  follow: defineEndpoint({
    method: 'PUT',
    path: '/api/follows/:readerId',
    access: 'signed-in',
    summary: 'Follows a reader, to hear when they go live; answers the new follower count',
    tag: 'follows',
    params: followParamsSchema,
    responses: { 200: followStateSchema },
  }),
  unfollow: defineEndpoint({
    method: 'DELETE',
    path: '/api/follows/:readerId',
    access: 'signed-in',
    summary: 'Stops following a reader; answers the new follower count',
    tag: 'follows',
    params: followParamsSchema,
    responses: { 200: followStateSchema },
  }),
};

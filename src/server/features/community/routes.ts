import {
  categoryCountsSchema,
  communityPostSchema,
  communityReplySchema,
  createPostSchema,
  createReplySchema,
  likeResultSchema,
  moderatePostSchema,
  moderateReplySchema,
  postIdParamsSchema,
  postListQuerySchema,
  postListSchema,
  postThreadSchema,
  removalSchema,
  replyIdParamsSchema,
} from '@shared/community';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContentSchema } from '@shared/errors';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { currentUser, readSessionUser, requireUser } from '../auth';
import { getThread } from './get-thread';
import { categoryCounts, listPosts } from './list-posts';
import { createReply, toggleLike } from './replies-and-likes';
import { moderatePost, moderateReply, removePost, removeReply } from './moderate';
import { createPost, deletePost, updatePost } from './write-post';

/**
 * The forum (docs/decisions/027). Reading is public; posting, replying and liking need a
 * sign-in; authors edit or delete their own posts within 24 hours; admins pin and feature, and hide
 * or remove posts and replies with a reason the author sees (moderate.ts), never editing them.
 */
export async function communityRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; clock: Clock }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const signedIn = requireUser(deps.auth);
  const adminsOnly = requireUser(deps.auth, 'admin');
  const now = () => new Date(deps.clock.now());
  const params = { params: postIdParamsSchema };
  const onePost = { response: { 200: communityPostSchema } };
  const noContent = { response: { 204: noContentSchema } };

  api.get(
    '/api/community/posts',
    { schema: { querystring: postListQuerySchema, response: { 200: postListSchema } } },
    async (request) => listPosts(db, request.query, await readSessionUser(deps.auth, request.headers), now()),
  );

  api.get('/api/community/categories', { schema: { response: { 200: categoryCountsSchema } } }, async () =>
    categoryCounts(db),
  );

  api.post(
    '/api/community/posts',
    { onRequest: signedIn, schema: { body: createPostSchema, response: { 201: communityPostSchema } } },
    async (request, reply) => reply.status(201).send(await createPost(db, currentUser(request), request.body, now())),
  );

  api.get('/api/community/posts/:id', { schema: { ...params, response: { 200: postThreadSchema } } }, async (request) =>
    getThread(db, request.params.id, await readSessionUser(deps.auth, request.headers), now()),
  );

  api.patch(
    '/api/community/posts/:id',
    { onRequest: signedIn, schema: { ...params, body: createPostSchema, ...onePost } },
    async (request) => updatePost(db, request.params.id, currentUser(request), request.body, now()),
  );

  api.delete(
    '/api/community/posts/:id',
    { onRequest: signedIn, schema: { ...params, ...noContent } },
    async (request, reply) => {
      await deletePost(db, request.params.id, currentUser(request), now());
      return reply.status(204).send();
    },
  );

  api.patch(
    '/api/community/posts/:id/moderation',
    { onRequest: adminsOnly, schema: { ...params, body: moderatePostSchema, ...onePost } },
    async (request) => moderatePost(db, request.params.id, currentUser(request), request.body, now()),
  );

  api.post(
    '/api/community/posts/:id/removal',
    { onRequest: adminsOnly, schema: { ...params, body: removalSchema, ...noContent } },
    async (request, reply) => {
      await removePost(db, request.params.id, currentUser(request), request.body.reason, now());
      return reply.status(204).send();
    },
  );

  const replyParams = { params: replyIdParamsSchema };
  api.patch(
    '/api/community/replies/:id/moderation',
    {
      onRequest: adminsOnly,
      schema: { ...replyParams, body: moderateReplySchema, response: { 200: communityReplySchema } },
    },
    async (request) => moderateReply(db, request.params.id, currentUser(request), request.body, now()),
  );

  api.post(
    '/api/community/replies/:id/removal',
    { onRequest: adminsOnly, schema: { ...replyParams, body: removalSchema, ...noContent } },
    async (request, reply) => {
      await removeReply(db, request.params.id, currentUser(request), request.body.reason, now());
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/community/posts/:id/replies',
    { onRequest: signedIn, schema: { ...params, body: createReplySchema, response: { 201: communityReplySchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createReply(db, request.params.id, currentUser(request), request.body.content, now())),
  );

  api.post(
    '/api/community/posts/:id/like',
    { onRequest: signedIn, schema: { ...params, response: { 200: likeResultSchema } } },
    async (request) => toggleLike(db, request.params.id, currentUser(request)),
  );
}

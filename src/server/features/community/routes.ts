import {
  createPostSchema,
  createReplySchema,
  moderatePostSchema,
  moderateReplySchema,
  postIdParamsSchema,
  postListQuerySchema,
  removalSchema,
  replyIdParamsSchema,
} from '@shared/community';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
 * The forum (issue 12, docs/decisions/027). Reading is public; posting, replying and liking need a
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

  api.get('/api/community/posts', { schema: { querystring: postListQuerySchema } }, async (request) =>
    listPosts(db, request.query, await readSessionUser(deps.auth, request.headers), now()),
  );

  api.get('/api/community/categories', async () => categoryCounts(db));

  api.post('/api/community/posts', { onRequest: signedIn, schema: { body: createPostSchema } }, async (request, reply) =>
    reply.status(201).send(await createPost(db, currentUser(request), request.body, now())),
  );

  api.get('/api/community/posts/:id', { schema: params }, async (request) =>
    getThread(db, request.params.id, await readSessionUser(deps.auth, request.headers), now()),
  );

  api.patch('/api/community/posts/:id', { onRequest: signedIn, schema: { ...params, body: createPostSchema } }, async (request) =>
    updatePost(db, request.params.id, currentUser(request), request.body, now()),
  );

  api.delete('/api/community/posts/:id', { onRequest: signedIn, schema: params }, async (request, reply) => {
    await deletePost(db, request.params.id, currentUser(request), now());
    return reply.status(204).send();
  });

  api.patch('/api/community/posts/:id/moderation', { onRequest: adminsOnly, schema: { ...params, body: moderatePostSchema } }, async (request) =>
    moderatePost(db, request.params.id, currentUser(request), request.body, now()),
  );

  api.post('/api/community/posts/:id/removal', { onRequest: adminsOnly, schema: { ...params, body: removalSchema } }, async (request, reply) => {
    await removePost(db, request.params.id, currentUser(request), request.body.reason, now());
    return reply.status(204).send();
  });

  const replyParams = { params: replyIdParamsSchema };
  api.patch('/api/community/replies/:id/moderation', { onRequest: adminsOnly, schema: { ...replyParams, body: moderateReplySchema } }, async (request) =>
    moderateReply(db, request.params.id, currentUser(request), request.body, now()),
  );

  api.post('/api/community/replies/:id/removal', { onRequest: adminsOnly, schema: { ...replyParams, body: removalSchema } }, async (request, reply) => {
    await removeReply(db, request.params.id, currentUser(request), request.body.reason, now());
    return reply.status(204).send();
  });

  api.post('/api/community/posts/:id/replies', { onRequest: signedIn, schema: { ...params, body: createReplySchema } }, async (request, reply) =>
    reply.status(201).send(await createReply(db, request.params.id, currentUser(request), request.body.content, now())),
  );

  api.post('/api/community/posts/:id/like', { onRequest: signedIn, schema: params }, async (request) => toggleLike(db, request.params.id, currentUser(request)));
}

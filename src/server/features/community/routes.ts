import { communityApi } from '@shared/api/community';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { route } from '../../endpoint-route';
import { currentUser, readSessionUser } from '../auth';
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
  const api = { app, auth: deps.auth };
  const { db } = deps;
  const now = () => new Date(deps.clock.now());
  const viewerOf = (request: FastifyRequest) => readSessionUser(deps.auth, request.headers);

  route(api, communityApi.posts, async (request) => listPosts(db, request.query, await viewerOf(request), now()));
  route(api, communityApi.categories, async () => categoryCounts(db));
  route(api, communityApi.createPost, async (request, reply) =>
    reply.status(201).send(await createPost(db, currentUser(request), request.body, now())),
  );
  route(api, communityApi.thread, async (request) => getThread(db, request.params.id, await viewerOf(request), now()));
  route(api, communityApi.updatePost, async (request) =>
    updatePost(db, request.params.id, currentUser(request), request.body, now()),
  );
  route(api, communityApi.deletePost, async (request, reply) => {
    await deletePost(db, request.params.id, currentUser(request), now());
    return reply.status(204).send();
  });

  route(api, communityApi.moderatePost, async (request) =>
    moderatePost(db, request.params.id, currentUser(request), request.body, now()),
  );
  route(api, communityApi.removePost, async (request, reply) => {
    await removePost(db, request.params.id, currentUser(request), request.body.reason, now());
    return reply.status(204).send();
  });
  route(api, communityApi.moderateReply, async (request) =>
    moderateReply(db, request.params.id, currentUser(request), request.body, now()),
  );
  route(api, communityApi.removeReply, async (request, reply) => {
    await removeReply(db, request.params.id, currentUser(request), request.body.reason, now());
    return reply.status(204).send();
  });

  route(api, communityApi.reply, async (request, reply) =>
    reply.status(201).send(await createReply(db, request.params.id, currentUser(request), request.body.content, now())),
  );
  route(api, communityApi.like, async (request) => toggleLike(db, request.params.id, currentUser(request)));
}

import { blocksApi } from '@shared/api/blocks';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../auth/auth';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
import { adminUserBlocks, blockUser, listBlocks, unblockUser } from './blocks';
import type { BlockDeps } from './deps';

/**
 * Blocks between a client and a reader (decision 068): made and lifted by the blocker, listed in their settings and in
 * the admin's view of a user.
 */
export async function blockRoutes(app: FastifyInstance, deps: BlockDeps & { auth: Auth }) {
  const api = { app, auth: deps.auth };

  route(api, blocksApi.block, async (request, reply) =>
    reply.status(201).send(await blockUser(deps, currentUser(request), request.body)),
  );
  route(api, blocksApi.list, async (request) => listBlocks(deps, currentUser(request).id));
  route(api, blocksApi.ofUser, async (request) => adminUserBlocks(deps, request.params.id));
  route(api, blocksApi.unblock, async (request, reply) => {
    await unblockUser(deps, currentUser(request).id, request.params.userId);
    return reply.status(204).send();
  });
}

import { adminUserIdParamsSchema } from '@shared/admin';
import {
  adminUserBlocksSchema,
  blockListSchema,
  blockParamsSchema,
  blockSchema,
  createBlockSchema,
} from '@shared/blocks';
import { noContentSchema } from '@shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Auth } from '../../auth/auth';
import { currentUser, requireUser } from '../auth';
import { adminUserBlocks, blockUser, listBlocks, unblockUser } from './blocks';
import type { BlockDeps } from './deps';

/**
 * Blocks between a client and a reader (decision 068): made and lifted by the blocker, listed in their settings and in
 * the admin's view of a user.
 */
export async function blockRoutes(app: FastifyInstance, deps: BlockDeps & { auth: Auth }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sides = requireUser(deps.auth, 'client', 'reader');

  api.post(
    '/api/blocks',
    { onRequest: sides, schema: { body: createBlockSchema, response: { 201: blockSchema } } },
    async (request, reply) => reply.status(201).send(await blockUser(deps, currentUser(request), request.body)),
  );

  api.get('/api/blocks', { onRequest: sides, schema: { response: { 200: blockListSchema } } }, async (request) =>
    listBlocks(deps, currentUser(request).id),
  );

  api.get(
    '/api/admin/users/:id/blocks',
    {
      onRequest: requireUser(deps.auth, 'admin'),
      schema: { params: adminUserIdParamsSchema, response: { 200: adminUserBlocksSchema } },
    },
    async (request) => adminUserBlocks(deps, request.params.id),
  );

  api.delete(
    '/api/blocks/:userId',
    { onRequest: sides, schema: { params: blockParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await unblockUser(deps, currentUser(request).id, request.params.userId);
      return reply.status(204).send();
    },
  );
}

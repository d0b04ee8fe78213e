import { adminUserIdParamsSchema } from '../admin';
import { adminUserBlocksSchema, blockListSchema, blockParamsSchema, blockSchema, createBlockSchema } from '../blocks';
import { noContentSchema } from '../errors';
import { defineEndpoint } from './endpoint';

/** Blocks between a client and a reader (decision 068): made and lifted by the blocker; an admin sees them. */
export const blocksApi = {
  block: defineEndpoint({
    method: 'POST',
    path: '/api/blocks',
    access: ['client', 'reader'],
    summary: 'Blocks someone: nothing more between the two, and what was open between them closes',
    tag: 'blocks',
    body: createBlockSchema,
    responses: { 201: blockSchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/blocks',
    access: ['client', 'reader'],
    summary: 'The people the caller has blocked, newest first',
    tag: 'blocks',
    responses: { 200: blockListSchema },
  }),
  ofUser: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:id/blocks',
    access: ['admin'],
    summary: 'Whom a user has blocked and who has blocked them',
    tag: 'blocks',
    params: adminUserIdParamsSchema,
    responses: { 200: adminUserBlocksSchema },
  }),
  unblock: defineEndpoint({
    method: 'DELETE',
    path: '/api/blocks/:userId',
    access: ['client', 'reader'],
    summary: 'Lifts the caller’s block of someone',
    tag: 'blocks',
    params: blockParamsSchema,
    responses: { 204: noContentSchema },
  }),
};

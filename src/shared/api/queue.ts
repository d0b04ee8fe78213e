import { noContentSchema } from '../errors';
import { currentQueuePlaceSchema, joinQueueSchema, queuePlaceSchema, queueReaderParamsSchema } from '../queue';
import { defineEndpoint } from './endpoint';

/** The callback queue of busy readers; clients only (readers and admins do not book readings). */
export const queueApi = {
  place: defineEndpoint({
    method: 'GET',
    path: '/api/queue',
    access: ['client'],
    summary: 'The client’s place in a reader’s queue, with any open offer of a reading, or null',
    tag: 'queue',
    responses: { 200: currentQueuePlaceSchema },
  }),
  join: defineEndpoint({
    method: 'POST',
    path: '/api/readers/:id/queue',
    access: ['client'],
    summary: 'Joins a busy reader’s queue for a reading of one kind; already in it, answers the place (200)',
    tag: 'queue',
    params: queueReaderParamsSchema,
    body: joinQueueSchema,
    responses: { 200: queuePlaceSchema, 201: queuePlaceSchema },
  }),
  leave: defineEndpoint({
    method: 'DELETE',
    path: '/api/readers/:id/queue',
    access: ['client'],
    summary: 'Leaves a reader’s queue; with an offer open, declines it for the next client',
    tag: 'queue',
    params: queueReaderParamsSchema,
    responses: { 204: noContentSchema },
  }),
};

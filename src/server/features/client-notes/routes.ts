import {
  clientNoteInputSchema,
  clientNoteListSchema,
  clientNoteSchema,
  clientNotesParamsSchema,
  noteParamsSchema,
} from '@shared/client-notes';
import { noContentSchema } from '@shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Auth } from '../../auth/auth';
import { currentUser, requireUser } from '../auth';
import {
  addClientNote,
  type ClientNoteDeps,
  deleteClientNote,
  listClientNotes,
  updateClientNote,
} from './client-notes';

/** A reader's private notes on their clients (decision 068): theirs alone, every other caller 404 or 403. */
export async function clientNoteRoutes(app: FastifyInstance, deps: ClientNoteDeps & { auth: Auth }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readersOnly = requireUser(deps.auth, 'reader');

  api.get(
    '/api/readers/me/clients/:clientId/notes',
    { onRequest: readersOnly, schema: { params: clientNotesParamsSchema, response: { 200: clientNoteListSchema } } },
    async (request) => listClientNotes(deps, currentUser(request).id, request.params.clientId),
  );

  api.post(
    '/api/readers/me/clients/:clientId/notes',
    {
      onRequest: readersOnly,
      schema: { params: clientNotesParamsSchema, body: clientNoteInputSchema, response: { 201: clientNoteSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addClientNote(deps, currentUser(request).id, request.params.clientId, request.body.text)),
  );

  api.patch(
    '/api/readers/me/notes/:id',
    {
      onRequest: readersOnly,
      schema: { params: noteParamsSchema, body: clientNoteInputSchema, response: { 200: clientNoteSchema } },
    },
    async (request) => updateClientNote(deps, currentUser(request).id, request.params.id, request.body.text),
  );

  api.delete(
    '/api/readers/me/notes/:id',
    { onRequest: readersOnly, schema: { params: noteParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deleteClientNote(deps, currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
}

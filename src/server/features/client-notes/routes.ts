import { clientNotesApi } from '@shared/api/client-notes';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../auth/auth';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
import {
  addClientNote,
  type ClientNoteDeps,
  deleteClientNote,
  listClientNotes,
  updateClientNote,
} from './client-notes';

/** A reader's private notes on their clients (decision 068): theirs alone, every other caller 404 or 403. */
export async function clientNoteRoutes(app: FastifyInstance, deps: ClientNoteDeps & { auth: Auth }) {
  const api = { app, auth: deps.auth };

  route(api, clientNotesApi.list, async (request) =>
    listClientNotes(deps, currentUser(request).id, request.params.clientId),
  );
  route(api, clientNotesApi.add, async (request, reply) =>
    reply
      .status(201)
      .send(await addClientNote(deps, currentUser(request).id, request.params.clientId, request.body.text)),
  );
  route(api, clientNotesApi.edit, async (request) =>
    updateClientNote(deps, currentUser(request).id, request.params.id, request.body.text),
  );
  route(api, clientNotesApi.remove, async (request, reply) => {
    await deleteClientNote(deps, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });
}

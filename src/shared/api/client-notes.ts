import {
  clientNoteInputSchema,
  clientNoteListSchema,
  clientNoteSchema,
  clientNotesParamsSchema,
  noteParamsSchema,
} from '../client-notes';
import { noContentSchema } from '../errors';
import { defineEndpoint } from './endpoint';

/** A reader's private notes on their clients (decision 068): theirs alone. */
export const clientNotesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/readers/me/clients/:clientId/notes',
    access: ['reader'],
    summary: 'The reader’s own notes on one of their clients, newest first',
    tag: 'client-notes',
    params: clientNotesParamsSchema,
    responses: { 200: clientNoteListSchema },
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/readers/me/clients/:clientId/notes',
    access: ['reader'],
    summary: 'Adds a private note on one of the reader’s clients',
    tag: 'client-notes',
    params: clientNotesParamsSchema,
    body: clientNoteInputSchema,
    responses: { 201: clientNoteSchema },
  }),
  edit: defineEndpoint({
    method: 'PATCH',
    path: '/api/readers/me/notes/:id',
    access: ['reader'],
    summary: 'Rewrites one of the reader’s notes',
    tag: 'client-notes',
    params: noteParamsSchema,
    body: clientNoteInputSchema,
    responses: { 200: clientNoteSchema },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/readers/me/notes/:id',
    access: ['reader'],
    summary: 'Deletes one of the reader’s notes',
    tag: 'client-notes',
    params: noteParamsSchema,
    responses: { 204: noContentSchema },
  }),
};

import { type ClientNote, type ClientNoteList, clientNoteListSchema, clientNoteSchema } from '@shared/client-notes';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, apiRequestParsed } from '@/lib/api';

export const clientNoteKeys = {
  all: ['client-notes'] as const,
  forClient: (clientId: string) => ['client-notes', clientId] as const,
};

const notesUrl = (clientId: string) => `/api/readers/me/clients/${encodeURIComponent(clientId)}/notes`;
const noteUrl = (id: string) => `/api/readers/me/notes/${encodeURIComponent(id)}`;

/** The reader's own notes on one client, newest first. */
export const clientNotesQuery = (clientId: string) =>
  queryOptions({
    queryKey: clientNoteKeys.forClient(clientId),
    queryFn: ({ signal }) => apiRequestParsed(notesUrl(clientId), clientNoteListSchema, { signal }),
    // Fetched again wherever the client shows up (a request, a reading): notes written on another device count.
    staleTime: 0,
  });

/** 404: this person never asked this reader for a reading, a booking or a question, so has no notes. */
export const isNeverCame = (error: unknown) => error instanceof ApiError && error.status === 404;

type NotesCache = ClientNoteList | undefined;

/** Adds, edits and deletes a note; the cached list follows the server's answer at once, then is fetched again. */
export function useClientNoteMutations(clientId: string) {
  const queryClient = useQueryClient();
  const key = clientNoteKeys.forClient(clientId);
  const update = (change: (notes: ClientNote[]) => ClientNote[]) => {
    queryClient.setQueryData(key, (current: NotesCache) => (current ? { notes: change(current.notes) } : current));
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const add = useMutation({
    mutationFn: (text: string) =>
      apiRequestParsed(notesUrl(clientId), clientNoteSchema, { method: 'POST', body: { text } }),
    onSuccess: (note) => update((notes) => [note, ...notes]),
  });
  const edit = useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      apiRequestParsed(noteUrl(id), clientNoteSchema, { method: 'PATCH', body: { text } }),
    onSuccess: (note) => update((notes) => notes.map((candidate) => (candidate.id === note.id ? note : candidate))),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest(noteUrl(id), { method: 'DELETE' }),
    onSuccess: (_answer, id) => update((notes) => notes.filter((note) => note.id !== id)),
  });
  return { add, edit, remove };
}

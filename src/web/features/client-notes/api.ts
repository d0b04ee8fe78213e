import { clientNotesApi } from '@shared/api/client-notes';
import type { ClientNote, ClientNoteList } from '@shared/client-notes';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { callApi } from '@/lib/api-client';

export const clientNoteKeys = {
  all: ['client-notes'] as const,
  forClient: (clientId: string) => ['client-notes', clientId] as const,
};

/** The reader's own notes on one client, newest first. */
export const clientNotesQuery = (clientId: string) =>
  queryOptions({
    queryKey: clientNoteKeys.forClient(clientId),
    queryFn: ({ signal }) => callApi(clientNotesApi.list, { params: { clientId } }, { signal }),
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
    mutationFn: (text: string) => callApi(clientNotesApi.add, { params: { clientId }, body: { text } }),
    onSuccess: (note) => update((notes) => [note, ...notes]),
  });
  const edit = useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      callApi(clientNotesApi.edit, { params: { id }, body: { text } }),
    onSuccess: (note) => update((notes) => notes.map((candidate) => (candidate.id === note.id ? note : candidate))),
  });
  const remove = useMutation({
    mutationFn: (id: string) => callApi(clientNotesApi.remove, { params: { id } }),
    onSuccess: (_answer, id) => update((notes) => notes.filter((note) => note.id !== id)),
  });
  return { add, edit, remove };
}

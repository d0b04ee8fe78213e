import { formatCount } from './count-format';
import { z } from './zod-config';

/** A reader's private note on a client (decision 068) holds at most this many characters. */
export const NOTE_MAX_CHARS = 2000;

const noteText = z
  .string({ error: 'Write a note' })
  .trim()
  .min(1, 'Write a note')
  .max(NOTE_MAX_CHARS, `A note is at most ${formatCount(NOTE_MAX_CHARS)} characters`);

/** POST /api/readers/me/clients/:clientId/notes and PATCH /api/readers/me/notes/:id. */
export const clientNoteInputSchema = z.object({ text: noteText });
export type ClientNoteInput = z.input<typeof clientNoteInputSchema>;

export const clientNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClientNote = z.infer<typeof clientNoteSchema>;

/** GET /api/readers/me/clients/:clientId/notes: the reader's own notes on this client, newest first. */
export const clientNoteListSchema = z.object({ notes: z.array(clientNoteSchema) });
export type ClientNoteList = z.infer<typeof clientNoteListSchema>;

export const clientNotesParamsSchema = z.object({ clientId: z.string().trim().min(1).max(100) });
export const noteParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

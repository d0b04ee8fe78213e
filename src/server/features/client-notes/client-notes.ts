import { randomUUID } from 'node:crypto';
import type { ClientNote } from '@shared/client-notes';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { appointments, readerClientNotes, readingSessions, user, writtenReadings } from '../../db/schema';
import { queryRows } from '../../db/query-rows';
import { notFound } from '../../errors';

export interface ClientNoteDeps {
  db: Db;
  clock: Clock;
}

type NoteRow = typeof readerClientNotes.$inferSelect;

const toNote = (row: NoteRow): ClientNote => ({
  id: row.id,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Whether this person has ever come to this reader: a reading asked for, a booking or a written
 * question. A reader keeps notes on their own clients only, so a user id that never came is 404
 * (as an unknown one is), and ids cannot be probed.
 */
async function isClientOf(db: Db, readerId: string, clientId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one where exists (select 1 from ${readingSessions} where reader_id = ${readerId} and client_id = ${clientId})
      or exists (select 1 from ${appointments} where reader_id = ${readerId} and client_id = ${clientId})
      or exists (select 1 from ${writtenReadings} where reader_id = ${readerId} and client_id = ${clientId})`,
  );
  return rows.length > 0;
}

async function assertClientOf(db: Db, readerId: string, clientId: string) {
  if (!(await isClientOf(db, readerId, clientId))) throw notFound('Client not found');
}

/** The reader's own notes on one of their clients, newest first. */
export async function listClientNotes(
  deps: ClientNoteDeps,
  readerId: string,
  clientId: string,
): Promise<{ notes: ClientNote[] }> {
  await assertClientOf(deps.db, readerId, clientId);
  const rows = await deps.db
    .select()
    .from(readerClientNotes)
    .where(and(eq(readerClientNotes.readerId, readerId), eq(readerClientNotes.clientId, clientId)))
    .orderBy(desc(readerClientNotes.createdAt), desc(readerClientNotes.id));
  return { notes: rows.map(toNote) };
}

export async function addClientNote(
  deps: ClientNoteDeps,
  readerId: string,
  clientId: string,
  text: string,
): Promise<ClientNote> {
  await assertClientOf(deps.db, readerId, clientId);
  const now = new Date(deps.clock.now());
  const [row] = await deps.db
    .insert(readerClientNotes)
    .values({ id: randomUUID(), readerId, clientId, text, createdAt: now, updatedAt: now })
    .returning();
  return toNote(row!);
}

/** Only the writing reader may change or remove a note: anyone else gets 404, as for a note that does not exist. */
const ownNote = (readerId: string, id: string) =>
  and(eq(readerClientNotes.id, id), eq(readerClientNotes.readerId, readerId));

export async function updateClientNote(
  deps: ClientNoteDeps,
  readerId: string,
  id: string,
  text: string,
): Promise<ClientNote> {
  const [row] = await deps.db
    .update(readerClientNotes)
    .set({ text, updatedAt: new Date(deps.clock.now()) })
    .where(ownNote(readerId, id))
    .returning();
  if (!row) throw notFound('Note not found');
  return toNote(row);
}

export async function deleteClientNote(deps: ClientNoteDeps, readerId: string, id: string): Promise<void> {
  const deleted = await deps.db
    .delete(readerClientNotes)
    .where(ownNote(readerId, id))
    .returning({ id: readerClientNotes.id });
  if (deleted.length === 0) throw notFound('Note not found');
}

/**
 * Every note either about `userId` (a client) or written by them (a reader), newest first, with
 * both names: what an admin sees inside a report about that person, and nowhere else.
 */
export async function notesInvolving(
  db: DbOrTx,
  userId: string,
): Promise<{ readerName: string; clientName: string; text: string; createdAt: string }[]> {
  const readerUser = alias(user, 'note_reader');
  const clientUser = alias(user, 'note_client');
  const rows = await db
    .select({
      readerName: readerUser.name,
      clientName: clientUser.name,
      text: readerClientNotes.text,
      createdAt: readerClientNotes.createdAt,
    })
    .from(readerClientNotes)
    .innerJoin(readerUser, eq(readerUser.id, readerClientNotes.readerId))
    .innerJoin(clientUser, eq(clientUser.id, readerClientNotes.clientId))
    .where(or(eq(readerClientNotes.readerId, userId), eq(readerClientNotes.clientId, userId)))
    .orderBy(desc(readerClientNotes.createdAt))
    .limit(50);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

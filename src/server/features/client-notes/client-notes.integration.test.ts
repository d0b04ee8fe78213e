import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readerClientNotes } from '../../db/schema';
import {
  createAdmin,
  createClient,
  createReader,
  FACTORY_PASSWORD,
  type TestUser,
} from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { readingTestApp } from '../../../../tests/integration/readings';

// Decision 068: a reader's private notes on a client are theirs alone: every other caller is refused
// without learning that a note exists.
const { app, clock, driver } = await readingTestApp();

const notesPath = (clientId: string) => `/api/readers/me/clients/${clientId}/notes`;
const write = (reader: TestUser, clientId: string, text: string) =>
  http(app, reader.cookie).post(notesPath(clientId), { text });

/** A reader and a client who has had a reading with them. */
async function readerWithClient() {
  const { client, reader, id } = await driver.startReading({ rateCents: 299, balanceCents: 2000 });
  expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);
  return { client, reader };
}

describe("a reader's notes on a client", () => {
  it('are written, listed newest first, edited and deleted by their reader', async () => {
    const { client, reader } = await readerWithClient();
    const first = await write(reader, client.id, '  Lost her father in spring; go gently around family.  ');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      text: 'Lost her father in spring; go gently around family.',
      createdAt: new Date(clock.now()).toISOString(),
      updatedAt: new Date(clock.now()).toISOString(),
    });
    clock.advance(60_000);
    const second = await write(reader, client.id, 'Prefers tarot to oracle cards.');
    expect(
      (await http(app, reader.cookie).get(notesPath(client.id))).body.notes.map((note: { text: string }) => note.text),
    ).toEqual(['Prefers tarot to oracle cards.', 'Lost her father in spring; go gently around family.']);
    clock.advance(60_000);
    const edited = await http(app, reader.cookie).patch(`/api/readers/me/notes/${first.body.id}`, {
      text: 'Lost her father last spring.',
    });
    expect(edited.body).toMatchObject({
      text: 'Lost her father last spring.',
      createdAt: first.body.createdAt,
      updatedAt: new Date(clock.now()).toISOString(),
    });
    expect((await http(app, reader.cookie).delete(`/api/readers/me/notes/${second.body.id}`)).status).toBe(204);
    expect((await http(app, reader.cookie).get(notesPath(client.id))).body.notes).toEqual([edited.body]);
  });

  it('answer every other role as if there were none: another reader 404, the client, an admin 403, anyone signed out 401', async () => {
    const { client, reader } = await readerWithClient();
    const note = (await write(reader, client.id, 'Asks about her brother every time.')).body;
    const otherReader = await createReader(app);
    const admin = await createAdmin(app);
    const noteUrl = `/api/readers/me/notes/${note.id}`;

    expect((await http(app, otherReader.cookie).get(notesPath(client.id))).status).toBe(404);
    expect((await write(otherReader, client.id, 'A note on someone who never came')).status).toBe(404);
    expect((await http(app, otherReader.cookie).patch(noteUrl, { text: 'taken over' })).status).toBe(404);
    expect((await http(app, otherReader.cookie).delete(noteUrl)).status).toBe(404);
    for (const caller of [client, admin]) {
      expect((await http(app, caller.cookie).get(notesPath(client.id))).status).toBe(403);
      expect((await http(app, caller.cookie).patch(noteUrl, { text: 'taken over' })).status).toBe(403);
      expect((await http(app, caller.cookie).delete(noteUrl)).status).toBe(403);
    }
    expect((await http(app).get(notesPath(client.id))).status).toBe(401);
    expect((await http(app).delete(noteUrl)).status).toBe(401);
    expect((await http(app, reader.cookie).get(notesPath(client.id))).body.notes).toEqual([note]);
  });

  it('refuse an empty or too long note and a client who never came, changing nothing', async () => {
    const { client, reader } = await readerWithClient();
    expect((await write(reader, client.id, '   ')).body.error.fields).toEqual({ text: 'Write a note' });
    expect((await write(reader, client.id, 'x'.repeat(2001))).body.error.fields).toEqual({
      text: 'A note is at most 2,000 characters',
    });
    expect((await write(reader, client.id, 'x'.repeat(2000))).status).toBe(201);
    expect((await write(reader, (await createClient(app)).id, 'never came')).status).toBe(404);
    expect((await write(reader, 'no-such-user', 'unknown')).status).toBe(404);
    expect((await http(app, reader.cookie).get(notesPath(client.id))).body.notes).toHaveLength(1);
  });

  it("are in their reader's data export, not the client's, and go with the reader's account", async () => {
    // A request withdrawn before it was answered: a client of theirs, and no money for the deletion to keep.
    const reader = await createReader(app);
    const client = await createClient(app, { balanceCents: 1000 });
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const requested = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: requested.body.id })).status).toBe(
      200,
    );
    const note = (await write(reader, client.id, 'Birthday in March.')).body;
    const exported = await http(app, reader.cookie).get('/api/account/export');
    expect(exported.body.clientNotes).toEqual([{ ...note, clientId: client.id }]);
    expect((await http(app, client.cookie).get('/api/account/export')).body.clientNotes).toEqual([]);
    const deleted = await http(app, reader.cookie).post('/api/account/delete', { password: FACTORY_PASSWORD });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect(await app.db.select().from(readerClientNotes).where(eq(readerClientNotes.readerId, reader.id))).toEqual([]);
  });
});

import { eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DELETED_USER_NAME } from '@shared/account';
import { createAdmin, createClient, signIn } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { readingTestApp } from '../../../../tests/integration/readings';
import {
  account,
  ledgerTransfers,
  readerProfiles,
  readingSessions,
  session,
  sessionMessages,
  user,
} from '../../db/schema';
import { checkLedger, earningsAccountId, SYSTEM_ACCOUNTS, transfer } from '../wallet';

const { app, driver } = await readingTestApp();

const remove = (cookie: string, password: string) => http(app, cookie).post('/api/account/delete', { password });

/** A finished, rated two-minute reading that spent the client's whole balance: nothing left to spend. */
async function spentReading() {
  const { client, reader, id } = await driver.startReading({ rateCents: 300, balanceCents: 600 });
  await http(app, client.cookie).post('/api/sessions/message', { sessionId: id, content: 'My secret question' });
  await driver.nextMinute(id);
  await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
  expect(
    (await http(app, client.cookie).post(`/api/sessions/${id}/rating`, { rating: 4, review: 'Kind and clear' })).status,
  ).toBe(200);
  return { client, reader, id };
}

describe('deleting an account', () => {
  it('anonymizes the person, erases their data and keeps the money records, with the ledger balanced', async () => {
    const { client, reader, id } = await spentReading();
    const transfersBefore = await app.db.select().from(ledgerTransfers);
    const otherDevice = await signIn(app, client.email, client.password);

    expect((await remove(client.cookie, client.password)).status).toBe(204);

    const [row] = await app.db.select().from(user).where(eq(user.id, client.id));
    expect(row).toMatchObject({ name: DELETED_USER_NAME, email: `deleted-${client.id}@deleted.invalid`, image: null });
    expect(row!.deletedAt).not.toBeNull();
    expect(await app.db.select().from(session).where(eq(session.userId, client.id))).toEqual([]);
    expect(await app.db.select().from(account).where(eq(account.userId, client.id))).toEqual([]);
    expect(await app.db.select().from(sessionMessages).where(eq(sessionMessages.senderId, client.id))).toEqual([]);
    // Signed out everywhere, and no way back in with the old email and password.
    expect((await http(app, client.cookie).get('/api/auth/profile')).body).toBeNull();
    expect((await http(app, otherDevice).get('/api/auth/profile')).body).toBeNull();
    expect(
      (await http(app).post('/api/auth/sign-in/email', { email: client.email, password: client.password })).status,
    ).toBe(401);

    // Money records stay: every transfer, the reading and its receipt (the stars count, the words are gone).
    expect(await app.db.select().from(ledgerTransfers)).toEqual(transfersBefore);
    const [reading] = await app.db.select().from(readingSessions).where(eq(readingSessions.id, id));
    expect(reading).toMatchObject({ clientId: client.id, totalCostCents: 600, rating: 4, review: null });
    expect((await http(app, reader.cookie).get(`/api/sessions/${id}/receipt`)).status).toBe(200);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('deletes a reader with nothing left to pay out, off the directory', async () => {
    const { reader } = await spentReading();
    // The reading's share is earned money: it must be paid out first.
    const refused = await remove(reader.cookie, reader.password);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^You still have \$4\.20 of earnings\. Request a payout first/);

    const [profile] = await app.db.select().from(readerProfiles).where(eq(readerProfiles.userId, reader.id));
    // Paid out (as an admin's approval would move it) by the ledger itself.
    await app.db.transaction((tx) =>
      transfer(tx, {
        debitAccountId: earningsAccountId(reader.id),
        creditAccountId: SYSTEM_ACCOUNTS.external,
        amountCents: 420,
        kind: 'adjustment',
        reference: 'test:out',
        idempotencyKey: `test:out:${reader.id}`,
      }),
    );
    expect((await remove(reader.cookie, reader.password)).status).toBe(204);
    const [anonymized] = await app.db.select().from(readerProfiles).where(eq(readerProfiles.userId, reader.id));
    expect(anonymized).toMatchObject({ firstName: 'Deleted', bio: '', profileImage: null, isOnline: false });
    expect((await http(app).get(`/api/readers/by-username/${profile!.username}`)).status).toBe(404);
    // An admin cannot bring a deleted account back onto the listings.
    const admin = await createAdmin(app);
    expect((await http(app, admin.cookie).post(`/api/admin/users/${reader.id}/restore`)).status).toBe(404);
    const directory = await http(app).get('/api/readers?limit=100');
    expect(JSON.stringify(directory.body)).not.toContain(reader.id);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('refuses a balance above zero, an open reading, a wrong password and an admin', async () => {
    const funded = await createClient(app, { balanceCents: 1250 });
    const withMoney = await remove(funded.cookie, funded.password);
    expect(withMoney.status).toBe(409);
    expect(withMoney.body.error.message).toBe(
      'Your wallet still holds $12.50. Spend it on readings first, then delete your account.',
    );

    const { client } = await driver.startReading({ rateCents: 300, balanceCents: 300 });
    expect((await remove(client.cookie, client.password)).body.error.message).toMatch(/reading is still open/);

    const wrong = await remove((await createClient(app)).cookie, 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ password: 'Incorrect password' });

    const admin = await createAdmin(app);
    expect((await remove(admin.cookie, admin.password)).status).toBe(403);
    const stillThere = await app.db
      .select({ id: user.id })
      .from(user)
      .where(or(eq(user.id, funded.id), eq(user.id, admin.id)));
    expect(stillThere).toHaveLength(2);
  });
});

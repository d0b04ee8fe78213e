import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdmin, createClient, readerInput } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { testApp } from '../../../../tests/integration/test-app';
import { account, user } from '../../db/schema';
import { ensureAdmin } from './ensure-admin';
import { passwordHasher } from '../../auth/password-hasher';

// A time far from the real one, so a stamp from the system clock cannot pass for the app's.
const clock = fakeClock(Date.parse('2025-03-01T09:00:00Z'));
const app = await testApp({ clock, runScheduler: false });

const stamps = async (userId: string) => {
  const [row] = await app.db
    .select({ userCreated: user.createdAt, userUpdated: user.updatedAt, accountCreated: account.createdAt })
    .from(user)
    .innerJoin(account, eq(account.userId, user.id))
    .where(eq(user.id, userId));
  return row;
};

describe('accounts the server makes carry the app clock, not the system clock', () => {
  it('stamps an account and its password with the clock', async () => {
    const admin = await createAdmin(app);
    const at = new Date(clock.now());
    expect(await stamps(admin.id)).toEqual({ userCreated: at, userUpdated: at, accountCreated: at });
  });

  it('stamps a reader an admin creates with the clock of that moment', async () => {
    const admin = await createAdmin(app);
    clock.advance(5 * 60_000);
    const created = await http(app, admin.cookie).post<{ id: string }>('/api/admin/readers', readerInput());
    expect(created.status).toBe(201);
    const at = new Date(clock.now());
    expect(await stamps(created.body.id)).toEqual({ userCreated: at, userUpdated: at, accountCreated: at });
  });

  it('stamps the promotion of an existing account to the configured admin', async () => {
    const client = await createClient(app);
    const createdAt = new Date(clock.now());
    clock.advance(60 * 60_000);
    const noNewAccount = async () => expect.fail('an existing account is promoted, not made again');
    expect(
      await ensureAdmin(
        app.db,
        { email: client.email, password: 'unused-here' },
        new Date(clock.now()),
        noNewAccount,
        passwordHasher(app.config),
      ),
    ).toBe('existing');
    expect(await stamps(client.id)).toEqual({
      userCreated: createdAt,
      userUpdated: new Date(clock.now()),
      accountCreated: createdAt,
    });
  });
});

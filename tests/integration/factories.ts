import { randomBytes } from 'node:crypto';
import type { CreateReaderInput } from '../../src/shared/readers';
import type { Role } from '../../src/shared/constants';
import { createUserWithPassword } from '../../src/server/features/auth/create-user';
import { createReader as createReaderAccount } from '../../src/server/features/readers/create-reader';
import { earningsAccountId, SYSTEM_ACCOUNTS, transfer, walletAccountId } from '../../src/server/features/wallet/ledger';
import { cookieFrom, http } from './http';
import type { TestApp } from './test-app';

export const FACTORY_PASSWORD = 'factory-password-1';

const unique = () => randomBytes(5).toString('hex');

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
  role: Role;
}

export async function signIn(app: TestApp, email: string, password: string): Promise<string> {
  const response = await http(app).post('/api/auth/sign-in/email', { email, password });
  if (response.status !== 200) throw new Error(`sign-in failed for ${email}: ${response.status} ${JSON.stringify(response.body)}`);
  return cookieFrom(response.headers);
}

/** Puts money in a wallet the way a deposit does (from the external account). */
export async function fundWallet(app: TestApp, userId: string, amountCents: number) {
  await app.db.transaction((tx) =>
    transfer(tx, {
      debitAccountId: SYSTEM_ACCOUNTS.external,
      creditAccountId: walletAccountId(userId),
      amountCents,
      kind: 'deposit',
      reference: 'test:fund',
      idempotencyKey: `test:fund:${unique()}`,
    }),
  );
}

/**
 * Gives a reader earned, final money (their earnings account) without running readings: for tests
 * about payouts. Readings put it there by releasing a share when they end.
 */
export async function fundEarnings(app: TestApp, userId: string, amountCents: number) {
  await app.db.transaction((tx) =>
    transfer(tx, {
      debitAccountId: SYSTEM_ACCOUNTS.external,
      creditAccountId: earningsAccountId(userId),
      amountCents,
      kind: 'adjustment',
      reference: 'test:earnings',
      idempotencyKey: `test:earnings:${unique()}`,
    }),
  );
}

async function createUser(app: TestApp, role: Role, overrides: { email?: string; name?: string } = {}): Promise<TestUser> {
  const email = overrides.email ?? `${role}-${unique()}@test.soultribe.app`;
  const { id } = await app.db.transaction((tx) =>
    createUserWithPassword(tx, { email, password: FACTORY_PASSWORD, name: overrides.name ?? `Test ${role}`, role, now: new Date(app.clock.now()) }),
  );
  return { id, email, password: FACTORY_PASSWORD, cookie: await signIn(app, email, FACTORY_PASSWORD), role };
}

export async function createClient(app: TestApp, overrides: { email?: string; name?: string; balanceCents?: number } = {}): Promise<TestUser> {
  const client = await createUser(app, 'client', overrides);
  if (overrides.balanceCents) await fundWallet(app, client.id, overrides.balanceCents);
  return client;
}

export const createAdmin = (app: TestApp, overrides: { email?: string; name?: string } = {}) => createUser(app, 'admin', overrides);

export function readerInput(overrides: Partial<CreateReaderInput> = {}): CreateReaderInput {
  const id = unique();
  return {
    email: `reader-${id}@test.soultribe.app`,
    password: FACTORY_PASSWORD,
    firstName: 'Test',
    lastName: `Reader ${id}`,
    username: `reader_${id}`,
    yearsExperience: 5,
    chatRateCents: 299,
    audioRateCents: 399,
    videoRateCents: 499,
    specialties: ['Tarot', 'Astrology', 'Dreams'],
    bio: 'A test reader.',
    ...overrides,
  };
}

export async function createReader(app: TestApp, overrides: Partial<CreateReaderInput> = {}): Promise<TestUser> {
  const input = readerInput(overrides);
  const { id } = await createReaderAccount({ db: app.db, isProduction: app.config.isProduction, now: new Date(app.clock.now()) }, input);
  return { id, email: input.email, password: input.password, cookie: await signIn(app, input.email, input.password), role: 'reader' };
}

import { randomBytes } from 'node:crypto';
import { makeSignature } from 'better-auth/crypto';
import type { ReaderApplicationInput } from '../../src/shared/reader-applications';
import type { CreateReaderInput } from '../../src/shared/readers';
import type { Role } from '../../src/shared/constants';
import { type PasswordHasher, passwordHasher } from '../../src/server/auth/password-hasher';
import { createUserWithPassword } from '../../src/server/features/auth/create-user';
import { createReader as createReaderAccount } from '../../src/server/features/readers/create-reader';
import { payoutAccounts } from '../../src/server/db/schema';
import {
  createWallet,
  earningsAccountId,
  SYSTEM_ACCOUNTS,
  transfer,
  walletAccountId,
} from '../../src/server/features/wallet/ledger';
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

/**
 * The app's password hasher, with the factory password hashed once per test process and hasher:
 * CI's integration run made well over a thousand accounts. Sign-in and sign-up themselves still
 * hash (their own tests drive them over HTTP), at the test apps' cost (DEV_FAST_PASSWORD_HASH).
 */
const factoryHashes = new Map<PasswordHasher, Promise<string>>();
function factoryHasher(app: TestApp): PasswordHasher {
  const hasher = passwordHasher(app.config);
  return {
    verify: hasher.verify,
    hash(password) {
      if (password !== FACTORY_PASSWORD) return hasher.hash(password);
      const hash = factoryHashes.get(hasher) ?? hasher.hash(password);
      factoryHashes.set(hasher, hash);
      return hash;
    },
  };
}

/**
 * A signed-in cookie for an account a factory just made, through Better Auth's own session store
 * and cookie signature (as its test-utils plugin does): a session row passes the same database
 * hook as a sign-in's (suspended accounts refused), without verifying the password again.
 */
async function sessionCookie(app: TestApp, userId: string): Promise<string> {
  const context = await app.auth.$context;
  const session = await context.internalAdapter.createSession(userId);
  const signed = `${session.token}.${await makeSignature(session.token, context.secret)}`;
  return `${context.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`;
}

export async function signIn(app: TestApp, email: string, password: string): Promise<string> {
  const response = await http(app).post('/api/auth/sign-in/email', { email, password });
  if (response.status !== 200)
    throw new Error(`sign-in failed for ${email}: ${response.status} ${JSON.stringify(response.body)}`);
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

async function createUser(
  app: TestApp,
  role: Role,
  overrides: { email?: string; name?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? `${role}-${unique()}@test.soultribe.app`;
  const passwordHash = await factoryHasher(app).hash(FACTORY_PASSWORD);
  const { id } = await app.db.transaction((tx) =>
    createUserWithPassword(
      tx,
      {
        email,
        passwordHash,
        name: overrides.name ?? `Test ${role}`,
        role,
        now: new Date(app.clock.now()),
      },
      createWallet,
    ),
  );
  return { id, email, password: FACTORY_PASSWORD, cookie: await sessionCookie(app, id), role };
}

export async function createClient(
  app: TestApp,
  overrides: { email?: string; name?: string; balanceCents?: number } = {},
): Promise<TestUser> {
  const client = await createUser(app, 'client', overrides);
  if (overrides.balanceCents) await fundWallet(app, client.id, overrides.balanceCents);
  return client;
}

export const createAdmin = (app: TestApp, overrides: { email?: string; name?: string } = {}) =>
  createUser(app, 'admin', overrides);

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

/** What someone applying to read sends (decision 045), with a unique email; the consent is the caller's to add. */
export function applicationInput(
  overrides: Partial<ReaderApplicationInput> = {},
): Omit<ReaderApplicationInput, 'acceptsReaderTerms'> {
  return {
    firstName: 'Luna',
    lastName: 'Starr',
    email: `applicant-${unique()}@test.soultribe.app`,
    specialties: ['Tarot', 'Dreams'],
    yearsExperience: 7,
    bio: 'Third-generation tarot reader.',
    sampleReading: 'The cards show a door that has been closing slowly for you, and you have been standing in it. '
      .repeat(4)
      .trim(),
    chatRateCents: 299,
    audioRateCents: 399,
    videoRateCents: 499,
    ...overrides,
  };
}

/**
 * A reader, signed in. Like a reader who has finished Stripe Connect onboarding, they have an
 * enabled payout account (decision 039) unless `payoutAccount: false`; its id is `acct_test_…`, which
 * only the sandbox pays (the Stripe stand-in knows only accounts it made).
 */
export async function createReader(
  app: TestApp,
  overrides: Partial<CreateReaderInput> = {},
  options: { payoutAccount?: boolean } = {},
): Promise<TestUser> {
  const input = readerInput(overrides);
  const account = {
    db: app.db,
    isProduction: app.config.isProduction,
    now: new Date(app.clock.now()),
    onUserCreated: createWallet,
    passwordHasher: factoryHasher(app),
  };
  const { id } = await createReaderAccount(account, input);
  if (options.payoutAccount !== false)
    await app.db.insert(payoutAccounts).values({ userId: id, accountId: `acct_test_${unique()}`, status: 'enabled' });
  return { id, email: input.email, password: input.password, cookie: await sessionCookie(app, id), role: 'reader' };
}

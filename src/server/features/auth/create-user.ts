import { randomUUID } from 'node:crypto';
import { displayFieldsProblem } from '@shared/auth';
import type { Role } from '@shared/constants';
import type { DbOrTx, Tx } from '../../db/client';
import { account, user } from '../../db/schema';
import { badRequest } from '../../errors';

interface NewUserFields {
  email: string;
  /**
   * The password's hash (auth/password-hasher.ts), made before the caller's transaction where it can
   * be (a request's), so the transaction does not hold its connection for the hash's tenth of a
   * second; or one hash for many accounts that share a password (demo data, test factories).
   */
  passwordHash: string;
  name: string;
  role: Role;
  /** The injected clock's now: the account's created and updated stamps. */
  now: Date;
}

/**
 * What a new account needs besides its user row: its wallet (wallet's createWallet, passed in where
 * the app is assembled, so auth imports no other feature). Runs in the transaction that makes the user.
 */
export type OnUserCreated = (db: DbOrTx, userId: string) => Promise<void>;

/** A picture is held to the deployment's rule (https in production), so whoever sets one says which. */
export type NewUser = NewUserFields & ({ image?: undefined } | { image: string | null; isProduction: boolean });

/**
 * Creates a confirmed email+password account with its wallet inside the caller's transaction, in
 * the shape Better Auth signs in (a 'credential' account holding the password hash). Used for
 * accounts the server makes: the config admin, readers created by an admin, demo data.
 */
export async function createUserWithPassword(
  tx: Tx,
  input: NewUser,
  onUserCreated: OnUserCreated,
): Promise<{ id: string }> {
  const problem = displayFieldsProblem(
    { name: input.name, image: input.image },
    input.image !== undefined && input.isProduction,
  );
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
  const id = randomUUID();
  await tx.insert(user).values({
    id,
    name: input.name.trim(),
    email: input.email.toLowerCase(),
    emailVerified: true,
    image: input.image ?? null,
    role: input.role,
    createdAt: input.now,
    updatedAt: input.now,
  });
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: input.passwordHash,
    createdAt: input.now,
    updatedAt: input.now,
  });
  await onUserCreated(tx, id);
  return { id };
}

import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Role } from '@shared/constants';
import type { Tx } from '../../db/client';
import { account, user } from '../../db/schema';
import { createWallet } from '../wallet/ledger';

export interface NewUser {
  email: string;
  password: string;
  name: string;
  role: Role;
  image?: string | null;
  /** A hash made once for many accounts (benchmarks); otherwise the password is hashed here. */
  passwordHash?: string;
}

/**
 * Creates a confirmed email+password account with its wallet inside the caller's transaction, in
 * the shape Better Auth signs in (a 'credential' account holding the password hash). Used for
 * accounts the server makes: the config admin, readers created by an admin, demo data.
 */
export async function createUserWithPassword(tx: Tx, input: NewUser): Promise<{ id: string }> {
  const id = randomUUID();
  const now = new Date();
  await tx.insert(user).values({
    id,
    name: input.name,
    email: input.email.toLowerCase(),
    emailVerified: true,
    image: input.image ?? null,
    role: input.role,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: input.passwordHash ?? (await hashPassword(input.password)),
    createdAt: now,
    updatedAt: now,
  });
  await createWallet(tx, id);
  return { id };
}

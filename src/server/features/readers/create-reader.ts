import { eq, sql } from 'drizzle-orm';
import { displayFieldsProblem } from '@shared/auth';
import type { CreateReaderInput } from '@shared/readers';
import type { DbOrTx } from '../../db/client';
import { readerProfiles, user } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest } from '../../errors';
import { createUserWithPassword, type OnUserCreated } from '../auth';
import type { PasswordHasher } from '../../auth/password-hasher';

/**
 * Creates a reader account (role reader, email confirmed) and its profile in one transaction, so a
 * failure leaves no half-made account. Unique email and username are checked first for a clear
 * message; the unique indexes still decide when two admins race.
 */
export async function createReader(
  deps: {
    /** A transaction when the caller holds one (an approved application): this one nests in it. */
    db: DbOrTx;
    isProduction: boolean;
    now: Date;
    onUserCreated: OnUserCreated;
    passwordHasher: PasswordHasher;
  },
  input: CreateReaderInput,
): Promise<{ id: string }> {
  const { db, isProduction, now } = deps;
  const imageProblem = displayFieldsProblem({ image: input.profileImage }, isProduction);
  if (imageProblem) throw badRequest(imageProblem.message, { profileImage: imageProblem.message });
  const passwordHash = await deps.passwordHasher.hash(input.password);
  try {
    return await db.transaction(async (tx) => {
      const fields: Record<string, string> = {};
      const [emailTaken] = await tx.select({ id: user.id }).from(user).where(eq(user.email, input.email));
      if (emailTaken) fields.email = 'An account with this email already exists';
      const [usernameTaken] = await tx
        .select({ id: readerProfiles.userId })
        .from(readerProfiles)
        .where(sql`lower(${readerProfiles.username}) = lower(${input.username})`);
      if (usernameTaken) fields.username = 'This username is taken';
      if (Object.keys(fields).length > 0) throw badRequest(Object.values(fields).join('; '), fields);

      const { id } = await createUserWithPassword(
        tx,
        {
          email: input.email,
          passwordHash,
          name: `${input.firstName} ${input.lastName}`,
          role: 'reader',
          image: input.profileImage ?? null,
          isProduction,
          now,
        },
        deps.onUserCreated,
      );
      await tx.insert(readerProfiles).values({
        userId: id,
        firstName: input.firstName,
        lastName: input.lastName,
        username: input.username,
        bio: input.bio,
        specialties: [...new Set(input.specialties)],
        yearsExperience: input.yearsExperience,
        chatRateCents: input.chatRateCents,
        audioRateCents: input.audioRateCents,
        videoRateCents: input.videoRateCents,
        profileImage: input.profileImage ?? null,
      });
      return { id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw badRequest('Email or username already in use', { email: 'Email or username already in use' });
    }
    throw error;
  }
}

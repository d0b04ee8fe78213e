import { and, eq, ne, sql } from 'drizzle-orm';
import type { AdminReader, UpdateReaderInput } from '@shared/admin';
import { displayFieldsProblem } from '@shared/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { readerProfiles, user } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, badRequest, notFound } from '../../errors';
import { loadAdminReader } from './admin-reader-view';

const USERNAME_TAKEN = 'This username is taken';

const usernameTaken = () => new AppError('CONFLICT', USERNAME_TAKEN, { username: USERNAME_TAKEN });

/**
 * An admin edits a reader's profile. The account's name and picture follow the profile, as
 * creation sets them. New rates apply to new requests only: a session keeps the rate it was
 * requested at. A taken username (any case) is a 409 with a field message; the unique index still
 * decides when two edits race.
 */
export async function updateReader(
  deps: { db: Db; clock: Clock; isProduction: boolean },
  readerId: string,
  input: UpdateReaderInput,
): Promise<AdminReader> {
  const imageProblem = displayFieldsProblem({ image: input.profileImage }, deps.isProduction);
  if (imageProblem) throw badRequest(imageProblem.message, { profileImage: imageProblem.message });
  const now = new Date(deps.clock.now());
  try {
    await deps.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ firstName: readerProfiles.firstName, lastName: readerProfiles.lastName })
        .from(readerProfiles)
        .where(eq(readerProfiles.userId, readerId))
        .for('update');
      if (!current) throw notFound('Reader not found');
      if (input.username !== undefined) {
        const [taken] = await tx
          .select({ id: readerProfiles.userId })
          .from(readerProfiles)
          .where(
            and(sql`lower(${readerProfiles.username}) = lower(${input.username})`, ne(readerProfiles.userId, readerId)),
          );
        if (taken) throw usernameTaken();
      }
      const { specialties, ...fields } = input;
      await tx
        .update(readerProfiles)
        .set({ ...fields, ...(specialties && { specialties: [...new Set(specialties)] }), updatedAt: now })
        .where(eq(readerProfiles.userId, readerId));
      const name = `${input.firstName ?? current.firstName} ${input.lastName ?? current.lastName}`;
      // A name kept from before the length limits may still be too long with a new other half.
      const nameProblem = displayFieldsProblem({ name }, deps.isProduction);
      if (nameProblem)
        throw badRequest(nameProblem.message, {
          [input.lastName === undefined ? 'firstName' : 'lastName']: nameProblem.message,
        });
      await tx
        .update(user)
        .set({ name, ...(input.profileImage !== undefined && { image: input.profileImage }), updatedAt: now })
        .where(eq(user.id, readerId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  return loadAdminReader(deps.db, readerId);
}

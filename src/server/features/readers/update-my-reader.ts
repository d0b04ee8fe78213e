import { eq } from 'drizzle-orm';
import { displayFieldsProblem } from '@shared/auth';
import { SERVER_EVENTS } from '@shared/realtime';
import { createReaderSchema } from '@shared/readers';
import type { UpdatedReader, UpdateMyReaderInput } from '@shared/sessions';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { readerProfiles, user } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { Outbox } from '../../realtime/outbox';
import type { Realtime } from '../../realtime/realtime';
import { maskForOthers } from '../contact-masks';
import { selectListedReaders, toListedReader } from './reader-view';

/**
 * What else happens when a reader switches Online or Offline; app.ts wires both, so readers
 * imports neither notifications nor queue.
 */
export interface ReaderStatusHooks {
  onReaderOnline: (readerId: string) => Promise<void>;
  /** Runs in the transaction that turns the reader offline: their queue closes. */
  onReaderOffline: (tx: DbOrTx, readerId: string, outbox: Outbox) => Promise<unknown>;
}

/**
 * A reader goes online/offline, changes rates or edits their profile (bio, specialties, years,
 * image). New rates apply to new requests only: a session keeps the rate it was requested at.
 * Pages watching readers hear `reader_status` when the online flag changes; going offline empties the reader's
 * queue (`onReaderOffline`). A reader who closes every page goes offline by itself a minute later
 * (realtime/presence/reader-presence.ts).
 * Going from offline to online also calls `onReaderOnline` after the commit (the favoriters'
 * notifications); it must not throw: going online never fails because of it.
 */
export async function updateMyReader(
  deps: { db: Db; realtime: Realtime; clock: Clock; isProduction: boolean } & ReaderStatusHooks,
  readerId: string,
  input: UpdateMyReaderInput,
): Promise<UpdatedReader> {
  const { db, realtime } = deps;
  const imageProblem = displayFieldsProblem({ image: input.profileImage }, deps.isProduction);
  if (imageProblem) throw badRequest(imageProblem.message, { profileImage: imageProblem.message });
  const now = new Date(deps.clock.now());
  const [before] = await db
    .select({ isOnline: readerProfiles.isOnline })
    .from(readerProfiles)
    .where(eq(readerProfiles.userId, readerId));
  if (!before) throw notFound('Reader profile not found');
  const { specialties, bio, ...fields } = input;
  const outbox = new Outbox();
  const masked = await db.transaction(async (tx) => {
    // The bio is public: contact details in it are masked (decision 068), the reader told by `masked`.
    const shownBio =
      bio === undefined
        ? undefined
        : await maskForOthers(tx, {
            userId: readerId,
            context: 'bio',
            subjectId: readerId,
            text: bio,
            now,
            maxLength: createReaderSchema.shape.bio.maxLength,
          });
    await tx
      .update(readerProfiles)
      // Switching online is done from a live page: it counts as seen now (see realtime/presence/reader-presence.ts).
      .set({
        ...fields,
        ...(shownBio && { bio: shownBio.text }),
        ...(specialties && { specialties: [...new Set(specialties)] }),
        updatedAt: now,
        ...(input.isOnline && { seenAt: now }),
      })
      .where(eq(readerProfiles.userId, readerId));
    // The account's avatar (header, menus) is the same picture as the profile's, as at creation.
    if (input.profileImage !== undefined)
      await tx.update(user).set({ image: input.profileImage, updatedAt: now }).where(eq(user.id, readerId));
    if (input.isOnline === false) await deps.onReaderOffline(tx, readerId, outbox);
    return shownBio?.masked ?? false;
  });
  outbox.flush(realtime);
  const [row] = await selectListedReaders(db, new Date(deps.clock.now())).where(eq(readerProfiles.userId, readerId));
  const reader = toListedReader(row!);
  if (input.isOnline !== undefined && input.isOnline !== before.isOnline) {
    realtime.toReaderWatchers(readerId, SERVER_EVENTS.readerStatus, { readerId, isOnline: reader.isOnline });
    if (reader.isOnline) await deps.onReaderOnline(readerId);
  }
  return { ...reader, masked };
}

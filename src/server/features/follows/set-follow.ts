import type { FollowState } from '@shared/follows';
import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { readerFollows, readerProfiles } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { assertListedReader } from '../readers';

/** Whether `followerId` follows the reader, and how many follow them (the Follow button's figure). */
export async function readFollowState(db: DbOrTx, followerId: string, readerId: string): Promise<FollowState> {
  const [row] = await db
    .select({
      followerCount: count(),
      following: sql<boolean>`coalesce(bool_or(${readerFollows.followerId} = ${followerId}), false)`,
    })
    .from(readerFollows)
    .where(eq(readerFollows.readerId, readerId));
  return { following: row?.following ?? false, followerCount: row?.followerCount ?? 0 };
}

/** The Follow button's state on a listed reader's page; 404 for anyone else. */
export async function getFollowState(db: DbOrTx, followerId: string, readerId: string): Promise<FollowState> {
  await assertListedReader(db, readerId);
  return readFollowState(db, followerId, readerId);
}

/** Follows a listed reader; following again changes nothing (the pair is the primary key). */
export async function followReader(db: DbOrTx, followerId: string, readerId: string, now: Date): Promise<FollowState> {
  if (followerId === readerId) throw badRequest('You cannot follow yourself');
  await assertListedReader(db, readerId);
  await db.insert(readerFollows).values({ followerId, readerId, createdAt: now }).onConflictDoNothing();
  return readFollowState(db, followerId, readerId);
}

/** Stops following; a reader not followed stays so. Any reader may be unfollowed, even a suspended one (as with favorites). */
export async function unfollowReader(db: DbOrTx, followerId: string, readerId: string): Promise<FollowState> {
  if (followerId === readerId) throw badRequest('You cannot follow yourself');
  const [reader] = await db
    .select({ id: readerProfiles.userId })
    .from(readerProfiles)
    .where(eq(readerProfiles.userId, readerId));
  if (!reader) throw notFound('Reader not found');
  await db
    .delete(readerFollows)
    .where(and(eq(readerFollows.followerId, followerId), eq(readerFollows.readerId, readerId)));
  return readFollowState(db, followerId, readerId);
}

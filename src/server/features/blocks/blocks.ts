import type { AdminBlock, AdminUserBlocks, Block } from '@shared/blocks';
import { and, desc, eq, sql } from 'drizzle-orm';
import { readerProfiles, user, userBlocks } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { readerFullName } from '../readers';
import type { BlockDeps } from './deps';

/** Who may block whom: the two sides of a reading (a client and a reader), never oneself or an admin. */
function assertBlockable(blocker: SessionUser, other: { id: string; role: string }) {
  if (other.id === blocker.id) throw badRequest('You cannot block yourself', { userId: 'You cannot block yourself' });
  const sides = new Set([blocker.role, other.role]);
  if (!(sides.has('client') && sides.has('reader')))
    throw badRequest('Clients and readers can block one another, no one else', {
      userId: 'This person cannot be blocked',
    });
}

/** One of a block's two columns. */
type BlockSide = typeof userBlocks.blockerId | typeof userBlocks.blockedId;

/** The other person of a block (the user joined on `other`), named as everywhere else: a reader by their profile. */
const blockedViewOf = (other: BlockSide) => ({
  userId: other,
  name: sql<string>`coalesce(${readerFullName}, ${user.name})`,
  avatarUrl: sql<string | null>`coalesce(${readerProfiles.profileImage}, ${user.image})`,
  role: user.role,
  reason: userBlocks.reason,
  createdAt: userBlocks.createdAt,
});
const blockedView = blockedViewOf(userBlocks.blockedId);

const toBlock = (row: {
  userId: string;
  name: string;
  avatarUrl: string | null;
  role: Block['role'];
  reason: string | null;
  createdAt: Date;
}): Block => ({
  ...row,
  name: row.name || 'Anonymous',
  createdAt: row.createdAt.toISOString(),
});

/** The people `userId` has blocked, newest first (settings' list to unblock from). */
export async function listBlocks(deps: Pick<BlockDeps, 'db'>, userId: string): Promise<{ blocks: Block[] }> {
  const rows = await deps.db
    .select(blockedView)
    .from(userBlocks)
    .innerJoin(user, eq(user.id, userBlocks.blockedId))
    .leftJoin(readerProfiles, eq(readerProfiles.userId, user.id))
    .where(eq(userBlocks.blockerId, userId))
    .orderBy(desc(userBlocks.createdAt));
  return { blocks: rows.map(toBlock) };
}

/**
 * Blocks a person (decision 068). In one transaction: the row (a second block of the same person keeps
 * the first and its reason), then what is held between them is released in full (a booking, a
 * written question); after commit both are told, a reading requested or running between them ends
 * and a place in the reader's queue is left. Idempotent: blocking again releases nothing more.
 */
export async function blockUser(
  deps: BlockDeps,
  blocker: SessionUser,
  input: { userId: string; reason?: string },
): Promise<Block> {
  const [other] = await deps.db.select({ id: user.id, role: user.role }).from(user).where(eq(user.id, input.userId));
  if (!other) throw notFound('User not found');
  assertBlockable(blocker, other);
  const now = new Date(deps.clock.now());
  const pair = { blockerId: blocker.id, blockedId: other.id };
  const tell = await deps.db.transaction(async (tx) => {
    await tx
      .insert(userBlocks)
      .values({ ...pair, reason: input.reason ?? null, createdAt: now })
      .onConflictDoNothing();
    return deps.releaseHeld(tx, pair, now);
  });
  await tell();
  await deps.endOpen(pair);
  const [row] = await deps.db
    .select(blockedView)
    .from(userBlocks)
    .innerJoin(user, eq(user.id, userBlocks.blockedId))
    .leftJoin(readerProfiles, eq(readerProfiles.userId, user.id))
    .where(and(eq(userBlocks.blockerId, blocker.id), eq(userBlocks.blockedId, other.id)));
  return toBlock(row!);
}

/** Lifts one's own block; idempotent (204 whatever was there). A block by the other person stays. */
export async function unblockUser(deps: Pick<BlockDeps, 'db'>, blockerId: string, blockedId: string): Promise<void> {
  await deps.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** An admin's view of one user's blocks, both ways (the users tab): the other person and the blocker's reason. */
export async function adminUserBlocks(deps: Pick<BlockDeps, 'db'>, userId: string): Promise<AdminUserBlocks> {
  const [person] = await deps.db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!person) throw notFound('User not found');
  const side = (mine: BlockSide, theirs: BlockSide) =>
    deps.db
      .select(blockedViewOf(theirs))
      .from(userBlocks)
      .innerJoin(user, eq(user.id, theirs))
      .leftJoin(readerProfiles, eq(readerProfiles.userId, user.id))
      .where(eq(mine, userId))
      .orderBy(desc(userBlocks.createdAt));
  const toAdminBlock = ({ avatarUrl: _avatarUrl, ...row }: Parameters<typeof toBlock>[0]): AdminBlock => ({
    ...row,
    name: row.name || 'Anonymous',
    createdAt: row.createdAt.toISOString(),
  });
  return {
    given: (await side(userBlocks.blockerId, userBlocks.blockedId)).map(toAdminBlock),
    received: (await side(userBlocks.blockedId, userBlocks.blockerId)).map(toAdminBlock),
  };
}

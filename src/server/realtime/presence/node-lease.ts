import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { appNodes, readerProfiles, readingSessions } from '../../db/schema';
import type { SessionTiming } from '../../timing';

/**
 * Each app process is a node with a lease: one row it writes every heartbeat. Every side of a
 * reading and every reader page it holds is present through that one row (session-presence.ts,
 * reader-presence.ts), where each beat used to rewrite every held row: at 10,000 readings,
 * 30,000 row updates every five seconds, which held the embedded database for most of a second.
 */
export const newNodeId = () => randomUUID();

const putRow = (db: Db, nodeId: string, now: Date) =>
  db
    .insert(appNodes)
    .values({ id: nodeId, seenAt: now })
    .onConflictDoUpdate({ target: appNodes.id, set: { seenAt: now } });

/**
 * A hold is written only while its process's lease row exists (locked against the sweep until the
 * write commits): a hold whose process has no row would never be swept, and its side would stay
 * present after that process died.
 */
export const leaseExists = (nodeId: string) =>
  sql`exists (select 1 from ${appNodes} where ${appNodes.id} = ${nodeId} for share)`;

/**
 * Writes this node's beat. `wasGone` says its row was not there (its first beat, or it was swept
 * after a stall): the node must then mark again what it holds (`onlyUnheld`, so that no side
 * another node took meanwhile is taken back).
 */
export async function beatNode(db: Db, nodeId: string, now: Date): Promise<{ wasGone: boolean }> {
  const beat = await db
    .update(appNodes)
    .set({ seenAt: now })
    .where(eq(appNodes.id, nodeId))
    .returning({ id: appNodes.id });
  if (beat.length > 0) return { wasGone: false };
  await putRow(db, nodeId, now);
  return { wasGone: true };
}

/** Makes sure the node's row is there before a hold is written: one statement, a write only when it was gone. */
export async function ensureNode(db: Db, nodeId: string, now: Date): Promise<{ wasGone: boolean }> {
  const put = await db
    .insert(appNodes)
    .values({ id: nodeId, seenAt: now })
    .onConflictDoNothing()
    .returning({ id: appNodes.id });
  return { wasGone: put.length > 0 };
}

/**
 * Whether another node is alive: then each beat marks again what this node holds, since a tab that
 * left on the other node may have cleared the hold of a socket still here.
 */
export async function hasOtherLiveNodes(db: Db, nodeId: string, now: Date, timing: SessionTiming): Promise<boolean> {
  const [alive] = await db
    .select({ n: count() })
    .from(appNodes)
    .where(and(ne(appNodes.id, nodeId), gt(appNodes.seenAt, new Date(now.getTime() - timing.presenceTtlMs))));
  return (alive?.n ?? 0) > 0;
}

/**
 * Nodes that stopped beating for a presence TTL (a crash, a stall): every side and reader page
 * they held is unheld and last seen at their last beat, exactly as if each socket had stopped
 * beating then, and the scheduler's rules take it from there. Cheap when no node is dead: one
 * read of the small app_nodes table per scheduler pass.
 */
export async function sweepDeadNodes(db: Db, now: Date, timing: SessionTiming): Promise<number> {
  const deadBefore = new Date(now.getTime() - timing.presenceTtlMs);
  const dead = await db.select({ id: appNodes.id }).from(appNodes).where(lte(appNodes.seenAt, deadBefore));
  if (dead.length === 0) return 0;
  return db.transaction(async (tx) => {
    // Locked and read again: a node beating right now, or swept by another process, is skipped.
    const nodes = await tx
      .select()
      .from(appNodes)
      .where(
        and(
          inArray(
            appNodes.id,
            dead.map((d) => d.id),
          ),
          lte(appNodes.seenAt, deadBefore),
        ),
      )
      .for('update', { skipLocked: true });
    for (const node of nodes) await releaseNode(tx, node.id, node.seenAt);
    return nodes.length;
  });
}

/**
 * A node that stops on purpose (SIGTERM, drain.ts) gives up its lease at once instead of leaving
 * other nodes to sweep it a TTL later: what it still holds is last seen now, and the scheduler's
 * rules (pause while away, end after the grace) take it from there.
 */
export async function releaseNodeLease(db: Db, nodeId: string, now: Date): Promise<void> {
  await db.transaction((tx) => releaseNode(tx, nodeId, now));
}

async function releaseNode(tx: DbOrTx, nodeId: string, lastBeat: Date) {
  const isOpen = inArray(readingSessions.status, ['accepted', 'active']);
  await tx
    .update(readingSessions)
    .set({ clientNodeId: null, clientSeenAt: lastBeat })
    .where(and(eq(readingSessions.clientNodeId, nodeId), isOpen));
  await tx
    .update(readingSessions)
    .set({ readerNodeId: null, readerSeenAt: lastBeat })
    .where(and(eq(readingSessions.readerNodeId, nodeId), isOpen));
  await tx.update(readerProfiles).set({ nodeId: null, seenAt: lastBeat }).where(eq(readerProfiles.nodeId, nodeId));
  await tx.delete(appNodes).where(eq(appNodes.id, nodeId));
}

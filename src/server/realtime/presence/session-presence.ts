import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { readingSessions } from '../../db/schema';
import type { SessionTiming } from '../../timing';
import { leaseExists } from './node-lease';

/** The two sides of a reading. */
export type ParticipantRole = 'client' | 'reader';

/**
 * Presence lives in the session row, so any process (or one restarted) can tell whether a side is
 * connected. A socket joining the room marks its side held by its process (`*_node_id`): the side
 * is present for as long as that process beats (node-lease.ts), without a write per socket per
 * beat. Leaving clears the hold and sets `*_seen_at` one TTL in the past, so the side is absent at
 * once and "absent since" reads as the moment it left; a process that stops beating is swept and
 * its sides are absent from its last beat. A side with no hold is present while `*_seen_at` is
 * younger than presenceTtlMs.
 */
export type PresenceRow = Pick<
  typeof readingSessions.$inferSelect,
  'clientSeenAt' | 'readerSeenAt' | 'clientNodeId' | 'readerNodeId'
>;

const sideOf = (session: PresenceRow, role: ParticipantRole) =>
  role === 'client'
    ? { seenAt: session.clientSeenAt, nodeId: session.clientNodeId }
    : { seenAt: session.readerSeenAt, nodeId: session.readerNodeId };

export function isPresent(session: PresenceRow, role: ParticipantRole, now: Date, timing: SessionTiming): boolean {
  const { seenAt, nodeId } = sideOf(session, role);
  return nodeId !== null || (seenAt !== null && seenAt.getTime() > now.getTime() - timing.presenceTtlMs);
}

/** When the side stopped being present (for the disconnect grace), or null while present. */
export function absentSince(
  session: PresenceRow,
  role: ParticipantRole,
  now: Date,
  timing: SessionTiming,
): Date | null {
  if (isPresent(session, role, now, timing)) return null;
  const { seenAt } = sideOf(session, role);
  return seenAt ? new Date(seenAt.getTime() + timing.presenceTtlMs) : null;
}

/** The sides of a reading that are away at `now`. */
export function awaySides(session: PresenceRow, now: Date, timing: SessionTiming): ParticipantRole[] {
  return (['client', 'reader'] as const).filter((role) => !isPresent(session, role, now, timing));
}

export const presenceColumns = (role: ParticipantRole) =>
  role === 'client'
    ? { seenAt: readingSessions.clientSeenAt, nodeId: readingSessions.clientNodeId }
    : { seenAt: readingSessions.readerSeenAt, nodeId: readingSessions.readerNodeId };
const setPresence = (role: ParticipantRole, seenAt: Date, nodeId: string | null) =>
  role === 'client' ? { clientSeenAt: seenAt, clientNodeId: nodeId } : { readerSeenAt: seenAt, readerNodeId: nodeId };
const isOpen = inArray(readingSessions.status, ['accepted', 'active']);

/**
 * The side is here now: held by `nodeId`'s process (the latest socket to join wins), or, with no
 * node, seen now and present for one TTL. With `onlyUnheld`, only sides no process holds are taken
 * (a process marking again what it holds must not take a side another process holds).
 */
export async function markSeen(
  db: DbOrTx,
  sessionIds: string[],
  role: ParticipantRole,
  now: Date,
  { nodeId = null, onlyUnheld = false }: { nodeId?: string | null; onlyUnheld?: boolean } = {},
) {
  if (sessionIds.length === 0) return;
  await db
    .update(readingSessions)
    .set(setPresence(role, now, nodeId))
    // An array parameter, not one parameter per id: a process may hold tens of thousands.
    .where(
      and(
        sql`${readingSessions.id} = any(${sql.param(sessionIds)}::text[])`,
        isOpen,
        onlyUnheld ? isNull(presenceColumns(role).nodeId) : undefined,
        nodeId === null ? undefined : leaseExists(nodeId),
      ),
    );
}

/**
 * The side's socket on `nodeId`'s process left (no node: a side that was only seen). Returns false
 * when another process holds the side (a second tab joined there later): it is still present, and
 * nothing changes.
 */
export async function markLeft(
  db: DbOrTx,
  sessionId: string,
  role: ParticipantRole,
  now: Date,
  timing: SessionTiming,
  nodeId: string | null = null,
): Promise<boolean> {
  const { nodeId: heldBy } = presenceColumns(role);
  const left = await db
    .update(readingSessions)
    .set(setPresence(role, new Date(now.getTime() - timing.presenceTtlMs), null))
    .where(
      and(
        eq(readingSessions.id, sessionId),
        isOpen,
        or(isNull(heldBy), nodeId === null ? undefined : eq(heldBy, nodeId)),
      ),
    )
    .returning({ id: readingSessions.id });
  return left.length > 0;
}

/**
 * Every side `nodeId`'s process holds leaves at once, as markLeft leaves one: a draining node
 * (drain.ts) writes one statement per role instead of a transaction per socket. Returns each side
 * that left: its reading, its role and its person.
 */
export async function markAllLeft(db: DbOrTx, nodeId: string, now: Date, timing: SessionTiming) {
  const left: { sessionId: string; role: ParticipantRole; userId: string }[] = [];
  for (const role of ['client', 'reader'] as const) {
    const rows = await db
      .update(readingSessions)
      .set(setPresence(role, new Date(now.getTime() - timing.presenceTtlMs), null))
      .where(and(eq(presenceColumns(role).nodeId, nodeId), isOpen))
      .returning({
        sessionId: readingSessions.id,
        clientId: readingSessions.clientId,
        readerId: readingSessions.readerId,
      });
    for (const row of rows)
      left.push({ sessionId: row.sessionId, role, userId: role === 'client' ? row.clientId : row.readerId });
  }
  return left;
}

import { and, eq, inArray } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import { readerProfiles, readingSessions, user } from '../../db/schema';
import type { Log } from '../../realtime/client-events';
import { markReadersSeen } from '../../realtime/presence/reader-presence';
import { isPresent, markSeen } from '../../realtime/presence/session-presence';
import type { SessionUser } from '../auth';
import {
  type MessageLimiter,
  messagesOf,
  type ProcessLease,
  respondToSession,
  type SessionDeps,
  sendMessage,
  startSession,
} from '../sessions';

/** How long Sage 'types' before a reply: long enough to read as a pause, short enough to wait for. */
export const TYPING_PAUSE_MS = 1_500;
/** How often the worker looks: a request is accepted within one look (the issue asks for 2 s). */
const LOOK_EVERY_MS = 400;

/** Short, kind reflections, taken in turn; none claims to know anything about the client. */
export const DEMO_REPLIES = [
  'Thank you for sharing that. What feels most important about it to you right now?',
  'I hear care in your words. Take a slow breath: what would you like to feel once this is settled?',
  'That sounds like a lot to hold. Which part of it would you most like some light on?',
  'Sometimes the answer we look for is already near: what is your first instinct telling you?',
  'It takes courage to ask. What small step would feel kind to yourself this week?',
  'Let that thought rest a moment. What would you tell a dear friend who asked you the same?',
];

export function greetingFor(clientName: string): string {
  const first = clientName.trim().split(/\s+/)[0] || 'friend';
  return `Welcome, ${first}. I'm Sage, a demo reader: my replies are automated. Tell me what is on your mind, and I will reflect it back.`;
}

interface Sage {
  user: SessionUser;
}

interface OpenReading {
  session: typeof readingSessions.$inferSelect;
  clientName: string;
}

async function findSage(deps: SessionDeps): Promise<Sage | null> {
  const [row] = await deps.db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(readerProfiles)
    .innerJoin(user, eq(user.id, readerProfiles.userId))
    .where(eq(readerProfiles.repliesAutomated, true))
    .limit(1);
  if (!row) return null;
  // The account's name, as the chat history names every sender.
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      role: 'reader',
      isTwoFactorEnabled: false,
      isAdminLocked: false,
    },
  };
}

/** Online whenever the server runs: held by this process's lease, as an open reader page would be. */
async function stayOnline(deps: SessionDeps, lease: ProcessLease, sage: Sage) {
  const now = new Date(deps.clock.now());
  await lease.renew();
  await markReadersSeen(deps.db, [sage.user.id], now, { nodeId: lease.nodeId, onlyUnheld: true });
  const cameOnline = await deps.db
    .update(readerProfiles)
    .set({ isOnline: true, updatedAt: now })
    .where(and(eq(readerProfiles.userId, sage.user.id), eq(readerProfiles.isOnline, false)))
    .returning({ id: readerProfiles.userId });
  if (cameOnline.length > 0)
    deps.realtime.toReaderWatchers(sage.user.id, SERVER_EVENTS.readerStatus, {
      readerId: sage.user.id,
      isOnline: true,
    });
}

/**
 * What Sage says next in a running reading, if anything: a greeting first, then one reply for each
 * message of the client, once the latest is a typing pause old. Counted, not ordered: a message and
 * a reply written in the same millisecond have no order to trust.
 */
export function nextLine(input: {
  clientName: string;
  sageId: string;
  messages: { senderId: string; createdAt: string }[];
  nowMs: number;
}): string | null {
  const ownCount = input.messages.filter((message) => message.senderId === input.sageId).length;
  if (ownCount === 0) return greetingFor(input.clientName);
  const fromClient = input.messages.filter((message) => message.senderId !== input.sageId);
  const repliesOwed = fromClient.length - (ownCount - 1);
  const latest = fromClient.at(-1);
  if (repliesOwed <= 0 || !latest || input.nowMs - Date.parse(latest.createdAt) < TYPING_PAUSE_MS) return null;
  return DEMO_REPLIES[(ownCount - 1) % DEMO_REPLIES.length]!;
}

async function look(deps: SessionDeps, limiter: MessageLimiter, lease: ProcessLease, sage: Sage, log: Log) {
  const open = await deps.db
    .select({ session: readingSessions, clientName: user.name })
    .from(readingSessions)
    .innerJoin(user, eq(user.id, readingSessions.clientId))
    .where(
      and(
        eq(readingSessions.readerId, sage.user.id),
        inArray(readingSessions.status, ['requested', 'accepted', 'active']),
      ),
    );
  const now = new Date(deps.clock.now());
  for (const reading of open) {
    await answer(deps, limiter, lease, sage, reading, now).catch((error: unknown) =>
      // One reading's trouble (a request that just expired, a pause that began) holds back no other.
      log.error({ err: error, sessionId: reading.session.id }, 'the demo reader could not answer a reading'),
    );
  }
}

/** One of Sage's readings, one step: accept a request, start an accepted one, or say the next line. */
async function answer(
  deps: SessionDeps,
  limiter: MessageLimiter,
  lease: ProcessLease,
  sage: Sage,
  open: OpenReading,
  now: Date,
) {
  const { session, clientName } = open;
  if (session.status === 'requested') {
    await respondToSession(deps, sage.user, { sessionId: session.id, response: 'accept' });
    // In the room at once, so the client's join starts the reading.
    await markSeen(deps.db, [session.id], 'reader', now, { nodeId: lease.nodeId });
    return;
  }
  await markSeen(deps.db, [session.id], 'reader', now, { nodeId: lease.nodeId, onlyUnheld: true });
  if (session.status === 'accepted') {
    if (isPresent(session, 'client', now, deps.timing)) await startSession(deps, sage.user, session.id);
    return;
  }
  // The server relays nothing while the meter is paused; Sage waits with everyone else.
  if (session.pausedAt !== null) return;
  const line = nextLine({
    clientName,
    sageId: sage.user.id,
    messages: await messagesOf(deps.db, session.id),
    nowMs: now.getTime(),
  });
  if (line) await sendMessage(deps, limiter, sage.user, { sessionId: session.id, content: line, type: 'text' });
}

/**
 * The demo reader (decision 041), run only while demo data is on: it keeps Sage online, accepts each
 * chat request, greets the client by name and answers each message after a typing pause, through
 * the same service calls a reader's page makes, so billing and presence are those of any reading.
 */
export function startDemoReader(deps: SessionDeps, limiter: MessageLimiter, lease: ProcessLease, log: Log) {
  let sage: Sage | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  // Seen once a heartbeat, as a reader's page beats: at every look it was two of an idle server's
  // ~60 statements a second.
  let nextBeatAt = Number.NEGATIVE_INFINITY;
  const timer = setInterval(() => {
    // A look still running is not queued behind: on a busy machine the looks would pile up and
    // each request would wait for all of them.
    if (running || stopped) return;
    running = (async () => {
      sage ??= await findSage(deps);
      if (!sage) return;
      if (deps.clock.now() >= nextBeatAt) {
        await stayOnline(deps, lease, sage);
        nextBeatAt = deps.clock.now() + deps.timing.heartbeatMs;
      }
      await look(deps, limiter, lease, sage, log);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'the demo reader failed a look'))
      .finally(() => {
        running = null;
      });
  }, LOOK_EVERY_MS);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

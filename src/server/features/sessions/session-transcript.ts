import type { ChatMessage } from '@shared/sessions';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { firstNameOf } from '../readers';
import { participantRole } from './access';
import type { SessionDeps } from './deps';
import { areMessagesDeleted, keptMessagesOf, retentionCutoff } from './message-retention';
import { loadSessionView } from './session-view';

const TYPE_LABELS = { chat: 'Chat', audio: 'Audio', video: 'Video' } as const;

export interface Transcript {
  filename: string;
  text: string;
}

/**
 * The chat of a reading as a plain-text file for its two participants (no one else: admins see a
 * reading's figures, not its conversation): a header with reader, date and type, then one line per
 * message, "[time] Name: text", times in `timeZone`.
 */
export async function sessionTranscript(
  deps: Pick<SessionDeps, 'db' | 'clock'>,
  viewer: SessionUser,
  sessionId: string,
  options: { timeZone: string; retentionDays: number },
): Promise<Transcript> {
  const session = await loadSessionView(deps.db, sessionId);
  if (!session) throw notFound('Session not found');
  const role = participantRole(session, viewer.id);
  if (!role) throw forbidden('Access denied');
  // A reader knows a client by first name only, here as in their session list.
  const clientName = role === 'reader' ? (firstNameOf(session.client.name) ?? 'Anonymous') : session.client.name;
  const cutoff = retentionCutoff(deps.clock.now(), options.retentionDays);
  const messages = await keptMessagesOf(deps.db, sessionId, cutoff);

  const startedAt = new Date(session.startedAt ?? session.requestedAt);
  const date = new Intl.DateTimeFormat('en-US', { timeZone: options.timeZone, dateStyle: 'long', timeStyle: 'short' })
    .format(startedAt)
    // ICU puts a narrow no-break space before AM/PM; a text file gets a plain one.
    .replace(/\u202f/g, ' ');
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: options.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const nameOf = (message: ChatMessage) =>
    message.senderId === session.readerId
      ? session.reader.name
      : message.senderId === session.clientId
        ? clientName
        : message.senderName;
  // One line per message whatever it holds: a line break inside a message becomes a space.
  const lines = messages.map(
    (message) =>
      `[${time.format(new Date(message.createdAt))}] ${nameOf(message)}: ${message.content.replace(/\s*[\r\n]+\s*/g, ' ')}`,
  );
  const body =
    lines.length > 0
      ? lines
      : areMessagesDeleted(session, cutoff)
        ? [`Messages are deleted after ${options.retentionDays} days: the messages of this reading have been deleted.`]
        : ['No messages were sent in this reading.'];

  const text = [
    'Soul Tribe reading transcript',
    `Reader: ${session.reader.name}`,
    `Client: ${clientName}`,
    `Date: ${date} (${options.timeZone})`,
    `Type: ${TYPE_LABELS[session.sessionType]}`,
    '',
    ...body,
    '',
  ].join('\n');
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: options.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(startedAt);
  return { filename: `soul-tribe-reading-${day}-${sessionId.replace(/[^A-Za-z0-9-]/g, '').slice(0, 8)}.txt`, text };
}

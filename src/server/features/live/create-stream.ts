import { randomUUID } from 'node:crypto';
import type { createStreamResultSchema, createStreamSchema } from '@shared/live';
import type { z } from '@shared/zod-config';
import { liveStreams } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict } from '../../errors';
import type { Log } from '../../realtime/client-events';
import { announceLive } from './announce-live';
import type { LiveDeps } from './deps';

export const alreadyLive = () => conflict('You are already live. End that stream before starting another.');

/**
 * A reader goes live at once, or announces a stream for a later time. One live stream per reader is
 * the database's rule (a unique partial index), so two clicks racing still make one live stream.
 */
export async function createStream(
  deps: Pick<LiveDeps, 'db' | 'clock' | 'onStreamLive'>,
  readerId: string,
  input: z.output<typeof createStreamSchema>,
  log: Log,
): Promise<z.infer<typeof createStreamResultSchema>> {
  const now = new Date(deps.clock.now());
  const scheduledFor = input.scheduledFor ? new Date(input.scheduledFor) : null;
  if (scheduledFor && scheduledFor.getTime() <= now.getTime()) {
    const message = 'The scheduled time must be in the future';
    throw badRequest(`scheduledFor: ${message}`, { scheduledFor: message });
  }
  const id = randomUUID();
  const status = scheduledFor ? 'scheduled' : 'live';
  try {
    await deps.db.insert(liveStreams).values({
      id,
      readerId,
      title: input.title,
      description: input.description,
      category: input.category,
      priceCents: input.priceCents ?? 0,
      status,
      scheduledFor,
      expectedMinutes: input.expectedMinutes ?? null,
      startedAt: status === 'live' ? now : null,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyLive();
    throw error;
  }
  if (status === 'live') await announceLive(deps, id, log);
  return { id, status };
}

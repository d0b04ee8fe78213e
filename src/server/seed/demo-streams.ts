import { randomUUID } from 'node:crypto';
import type { LiveCategory } from '@shared/live';
import type { Tx } from '../db/client';
import { liveStreams } from '../db/schema';
import { demoId } from './demo-id';
import { DAY_MS } from '@shared/time-units';

interface DemoStream {
  username: string;
  title: string;
  description: string;
  category: LiveCategory;
  priceCents: number;
  /** Whole days after today (UTC) and the hour (UTC) it is announced for. */
  inDays: number;
  hourUtc: number;
  expectedMinutes: number;
}

/**
 * Scheduled streams only: a demo stream shown as live would have no reader's camera behind it, so
 * the Live Now tab starts empty until a reader goes live (as one does in the demo by signing in).
 */
export const DEMO_STREAMS: DemoStream[] = [
  {
    username: 'kai',
    title: 'New Moon Manifestation Circle',
    description: 'Set your intentions for the new lunar cycle with numerology and a guided visualisation.',
    category: 'Manifestation',
    priceCents: 0,
    inDays: 1,
    hourUtc: 19,
    expectedMinutes: 45,
  },
  {
    username: 'aurora',
    title: 'Full Moon Tarot: Open Pulls',
    description: 'A three-card pull for every question in the chat, first come first served.',
    category: 'Tarot Reading',
    priceCents: 0,
    inDays: 2,
    hourUtc: 20,
    expectedMinutes: 60,
  },
  {
    username: 'marcus',
    title: 'Messages from Spirit',
    description: 'An evidential mediumship gallery: I share the messages that come through for those watching.',
    category: 'Mediumship',
    priceCents: 499,
    inDays: 3,
    hourUtc: 18,
    expectedMinutes: 60,
  },
  {
    username: 'orion',
    title: 'Runes of the Winter Solstice',
    description: 'Casting the runes for the turning of the year, with the old stories behind each stave.',
    category: 'Celtic Wisdom',
    priceCents: 299,
    inDays: 5,
    hourUtc: 21,
    expectedMinutes: 90,
  },
];

export async function insertDemoStreams(tx: Tx, now: Date, readerIdByUsername: Map<string, string>) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  await tx.insert(liveStreams).values(
    DEMO_STREAMS.map((s) => ({
      id: randomUUID(),
      readerId: demoId(readerIdByUsername.get(s.username), s.username),
      title: s.title,
      description: s.description,
      category: s.category,
      priceCents: s.priceCents,
      status: 'scheduled' as const,
      scheduledFor: new Date(today + s.inDays * DAY_MS + s.hourUtc * 60 * 60 * 1000),
      expectedMinutes: s.expectedMinutes,
    })),
  );
}

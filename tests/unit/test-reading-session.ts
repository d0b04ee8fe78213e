import type { ReadingSession } from '@shared/sessions';

/** A completed chat reading of two minutes at $3.99, ended when it started; a test overrides what it is about. */
export function testReadingSession(overrides: Partial<ReadingSession> = {}): ReadingSession {
  const at = '2026-11-27T09:00:00.000Z';
  return {
    id: 's1',
    clientId: 'c1',
    readerId: 'r1',
    client: { id: 'c1', name: 'Sol Nakamura', avatarUrl: null },
    reader: { id: 'r1', name: 'Aurora Starweaver', avatarUrl: null },
    sessionType: 'chat',
    status: 'completed',
    ratePerMinuteCents: 399,
    minutesCharged: 2,
    totalCostCents: 798,
    freeMinutes: 0,
    readerEarningsCents: 558,
    refundedCents: 0,
    endReason: 'completed',
    requestedAt: at,
    expiresAt: null,
    startedAt: at,
    endedAt: at,
    nextMinuteAt: null,
    pausedAt: null,
    pauseReason: null,
    resumeBy: null,
    rating: null,
    review: null,
    ratableUntil: null,
    isReaderAutomated: false,
    booking: null,
    ...overrides,
  };
}

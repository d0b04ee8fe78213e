// @vitest-environment jsdom
import type { ReaderEarnings } from '@shared/reader-dashboard';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReaderEarningsTab } from './earnings-tab';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// Seraphina's earnings (decision 040): readings, a gift, a paid admission and a $27.99 sale's share.
const earnings: ReaderEarnings = {
  timeZone: 'UTC',
  todayCents: 0,
  lastSevenDaysCents: 0,
  lastThirtyDaysCents: 28_997,
  allTimeCents: 28_997,
  bySource: {
    readingsCents: 25_119,
    giftsCents: 1_389,
    streamAdmissionsCents: 530,
    shopSalesCents: 1_959,
    writtenReadingsCents: 0,
    appointmentFeesCents: 0,
  },
  daily: [],
};

function serve() {
  const answers: Record<string, unknown> = {
    '/api/readers/me/earnings': earnings,
    '/api/wallet?limit=1': {
      balanceCents: 0,
      creditCents: 0,
      nextCreditExpiry: null,
      onHoldCents: 0,
      holds: [],
      earnings: { availableCents: 28_997, heldCents: 0 },
      transactions: [],
      nextCursor: null,
    },
    '/api/payouts': { payouts: [] },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url in answers ? json(answers[url]) : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404),
    ),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReaderEarningsTab', () => {
  it("shows the server's breakdown by source, adding up to All time, and the payout card's Earned in all says the same", async () => {
    serve();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ReaderEarningsTab />
      </QueryClientProvider>,
    );
    const bySource = within(await screen.findByLabelText('Earnings by source'));
    expect(bySource.getByTestId('earnings-source-readingsCents').textContent).toBe('$251.19');
    expect(bySource.getByTestId('earnings-source-giftsCents').textContent).toBe('$13.89');
    expect(bySource.getByTestId('earnings-source-streamAdmissionsCents').textContent).toBe('$5.30');
    expect(bySource.getByTestId('earnings-source-shopSalesCents').textContent).toBe('$19.59');
    expect(bySource.getByTestId('earnings-source-total').textContent).toBe('$289.97');
    expect(screen.getByTestId('earnings-all-time').textContent).toBe('$289.97');
    expect((await screen.findByTestId('earnings-available')).textContent).toBe('$289.97');
    expect(screen.getByTestId('earnings-earned').textContent).toBe('$289.97');
  });
});

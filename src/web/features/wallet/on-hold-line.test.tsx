// @vitest-environment jsdom
import type { WalletHold } from '@shared/wallet';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/session-labels';
import { OnHoldLine } from './wallet-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serveWallet(holds: WalletHold[]) {
  const onHoldCents = holds.reduce((sum, hold) => sum + hold.amountCents, 0);
  const wallet = {
    balanceCents: 3001,
    creditCents: 0,
    nextCreditExpiry: null,
    onHoldCents,
    holds,
    earnings: { availableCents: 0, heldCents: 0 },
    transactions: [],
    nextCursor: null,
    frozenReason: null,
  };
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(wallet), { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OnHoldLine />
    </QueryClientProvider>,
  );
  return fetch;
}

const STARTS_AT = '2026-11-23T15:00:00.000Z';
const DUE_AT = '2026-11-22T12:00:00.000Z';

describe('the wallet’s money on hold', () => {
  // Decision 057: a booked reading's $59.85 was said to be 'on hold for questions awaiting an answer'.
  it('names each hold by what it is for, with its reader, time, amount and own release rule', async () => {
    serveWallet([
      {
        kind: 'appointment',
        id: 'a1',
        amountCents: 5985,
        readerId: 'r1',
        readerName: 'Sol Rivera',
        sessionType: 'audio',
        startsAt: STARTS_AT,
        minutes: 15,
        status: 'accepted',
      },
      {
        kind: 'written_reading',
        id: 'w1',
        amountCents: 1999,
        readerId: 'r2',
        readerName: 'Kai Moon',
        askedAt: '2026-11-21T12:00:00.000Z',
        dueAt: DUE_AT,
      },
    ]);
    const total = await screen.findByTestId('wallet-on-hold');
    expect(total.querySelector('p')?.textContent).toBe('$79.84 on hold (not spendable):');
    expect(screen.getAllByTestId('wallet-hold').map((line) => line.textContent)).toEqual([
      `Audio reading with Sol Rivera · ${formatDateTime(STARTS_AT)}, 15 min$59.85` +
        'Pays for the reading; what it does not use comes back. Refunded in full if the reader cancels or misses it, or if you cancel more than 12 hours ahead; 50% is kept if you cancel later or miss it.',
      `Written question to Kai Moon · answer due ${formatDateTime(DUE_AT)}$19.99Charged when answered; refunded in full if not answered in time.`,
    ]);
    expect(total.textContent).not.toContain('questions awaiting an answer');
  });

  it('says a booking the reader has not answered yet is refunded in full if declined', async () => {
    serveWallet([
      {
        kind: 'appointment',
        id: 'a1',
        amountCents: 4485,
        readerId: 'r1',
        readerName: 'Sol Rivera',
        sessionType: 'chat',
        startsAt: STARTS_AT,
        minutes: 15,
        status: 'pending',
      },
    ]);
    expect((await screen.findByTestId('wallet-hold')).textContent).toBe(
      `Chat reading with Sol Rivera · ${formatDateTime(STARTS_AT)}, 15 min (awaiting the reader)$44.85Refunded in full if the reader declines or does not answer, or if you cancel.`,
    );
  });

  it('says nothing when nothing is held', async () => {
    const fetch = serveWallet([]);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('wallet-on-hold')).toBeNull();
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnHoldLine } from './wallet-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serveWallet(onHoldCents: number) {
  const wallet = { balanceCents: 3001, onHoldCents, earnings: { availableCents: 0, heldCents: 0 }, transactions: [], nextCursor: null, frozenReason: null };
  const fetch = vi.fn(async () => new Response(JSON.stringify(wallet), { headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OnHoldLine />
    </QueryClientProvider>,
  );
  return fetch;
}

describe('the wallet’s money on hold', () => {
  it('is said apart from the balance, as not spendable', async () => {
    serveWallet(1999);
    expect((await screen.findByTestId('wallet-on-hold')).textContent).toBe(
      '$19.99 on hold for questions awaiting an answer (not spendable; refunded in full if not answered in time)',
    );
  });

  it('says nothing when nothing is held', async () => {
    const fetch = serveWallet(0);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('wallet-on-hold')).toBeNull();
  });
});

// @vitest-environment jsdom
import type { SessionReceipt } from '@shared/sessions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReceiptCard, type ReceiptViewer } from './receipt-card';

const receipt: SessionReceipt = {
  sessionId: 's1',
  readerName: 'Selene Moon',
  type: 'chat',
  ratePerMinuteCents: 399,
  minutes: [
    {
      minute: 1,
      startedAt: '2026-11-21T12:00:00.000Z',
      amountCents: 0,
      readerCents: 0,
      platformCents: 0,
      free: true,
      creditCents: 0,
    },
    {
      minute: 2,
      startedAt: '2026-11-21T12:01:00.000Z',
      amountCents: 399,
      readerCents: 279,
      platformCents: 120,
      free: false,
      creditCents: 0,
    },
    {
      minute: 3,
      startedAt: '2026-11-21T12:02:00.000Z',
      amountCents: 399,
      readerCents: 279,
      platformCents: 120,
      free: false,
      creditCents: 0,
    },
  ],
  totalCents: 798,
  creditCents: 0,
  refundedCents: 0,
};

function renderCard(viewer: ReceiptViewer, body: SessionReceipt, messagesDeleted = false) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ReceiptCard sessionId="s1" viewer={viewer} retention={{ retentionDays: 30, messagesDeleted }} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReceiptCard', () => {
  it('shows the client each minute (free ones marked), the total, print and the transcript link', async () => {
    renderCard('client', receipt);
    const lines = await screen.findAllByTestId('receipt-minute');
    expect(lines.map((line) => within(line).getByRole('rowheader').textContent)).toEqual(['1', '2', '3']);
    expect(lines[0]!.textContent).toContain('Free');
    expect(lines[1]!.textContent).toContain('$3.99');
    expect(screen.getByTestId('receipt-total').textContent).toBe('$7.98');
    expect(screen.queryByRole('columnheader', { name: 'You earned' })).toBeNull();
    expect(screen.queryByTestId('receipt-refunded')).toBeNull();
    expect(screen.queryByTestId('receipt-credit')).toBeNull();
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download transcript' }).getAttribute('href')).toMatch(
      /^\/api\/sessions\/s1\/transcript\?timeZone=/,
    );
    expect(screen.getByTestId('retention-note').textContent).toContain('Messages are deleted after 30 days');
  });

  it('shows the reader what each minute earned them, and a refund taking it back', async () => {
    renderCard('reader', { ...receipt, refundedCents: 798 }, true);
    await screen.findAllByTestId('receipt-minute');
    expect(screen.getByRole('columnheader', { name: 'You earned' })).toBeTruthy();
    expect(screen.getByTestId('receipt-earned').textContent).toBe('$5.58');
    expect(screen.getByTestId('receipt-refunded').textContent).toBe('−$7.98');
    expect(screen.getByTestId('retention-note').textContent).toBe(
      "This reading's messages are gone: messages are deleted after 30 days.",
    );
  });

  it('tells the client what promotional credit paid and what their balance paid; the reader sees only the price (issue 48)', async () => {
    const paidWithCredit = {
      ...receipt,
      creditCents: 500,
      minutes: receipt.minutes.map((line) => ({
        ...line,
        creditCents: line.minute === 2 ? 399 : line.minute === 3 ? 101 : 0,
      })),
    };
    renderCard('client', paidWithCredit);
    await screen.findAllByTestId('receipt-minute');
    expect(screen.getByTestId('receipt-credit').textContent).toBe('$5.00');
    expect(screen.getByTestId('receipt-cash').textContent).toBe('$2.98');
    cleanup();
    renderCard('reader', paidWithCredit);
    await screen.findAllByTestId('receipt-minute');
    expect(screen.queryByTestId('receipt-credit')).toBeNull();
    expect(screen.getByTestId('receipt-earned').textContent).toBe('$5.58');
  });
});

// @vitest-environment jsdom
import type { AdminCardPayment } from '@shared/payments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { CardPaymentsDialog } from './card-payments-dialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const payment = (overrides: Partial<AdminCardPayment>): AdminCardPayment => ({
  depositId: 'd1',
  amountCents: 5000,
  createdAt: '2026-11-20T10:00:00.000Z',
  refundedCents: 0,
  pendingRefundCents: 0,
  refundableCents: 4000,
  disputeStatus: null,
  ...overrides,
});

/** The admin card-payments API: the list, and refunds that take what they ask off what is refundable. */
function fakeServer(payments: AdminCardPayment[]) {
  const refunds: { depositId: string; amountCents: number }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/admin/users/u1/card-payments') return json(200, { payments });
      const refunded = /^\/api\/admin\/deposits\/([^/]+)\/refund$/.exec(url.pathname);
      if (refunded && init?.method === 'POST') {
        const { amountCents } = JSON.parse(String(init.body)) as { amountCents: number };
        const found = payments.find((p) => p.depositId === refunded[1])!;
        refunds.push({ depositId: found.depositId, amountCents });
        found.pendingRefundCents += amountCents;
        found.refundableCents -= amountCents;
        return json(201, { refundId: 'r1', depositId: found.depositId, amountCents, status: 'pending' });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return refunds;
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CardPaymentsDialog user={{ id: 'u1', name: 'Luna Martinez' }} open onOpenChange={() => undefined} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('card payments dialog (admin refunds to the card)', () => {
  it('offers what may be refunded, refuses more beside the field without asking the server, and refunds what is asked', async () => {
    const refunds = fakeServer([
      payment({}),
      payment({ depositId: 'd2', amountCents: 1000, refundedCents: 1000, refundableCents: 0 }),
    ]);
    renderDialog();
    const rows = await screen.findAllByTestId('card-payment');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('Nothing left to refund from this payment.')).toBeTruthy();
    const amount = within(rows[0]!).getByLabelText('Amount to refund (USD)') as HTMLInputElement;
    expect(amount.value).toBe('40.00');

    fireEvent.change(amount, { target: { value: '40.01' } });
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Refund to card' }));
    expect(within(rows[0]!).getByRole('alert').textContent).toBe('At most $40.00 of this payment can be refunded');
    expect(refunds).toEqual([]);

    fireEvent.change(amount, { target: { value: '15' } });
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Refund to card' }));
    await waitFor(() => expect(refunds).toEqual([{ depositId: 'd1', amountCents: 1500 }]));
    await waitFor(() => expect(screen.getAllByTestId('card-payment')[0]!.textContent).toContain('$15.00 on its way'));
    expect(toast.success).toHaveBeenCalledWith('Refund of $15.00 sent to the card', expect.anything());
  });

  it('says when there are no card payments', async () => {
    fakeServer([]);
    renderDialog();
    expect(await screen.findByText('No card payments.')).toBeTruthy();
  });
});

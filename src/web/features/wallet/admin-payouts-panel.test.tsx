// @vitest-environment jsdom
import type { Payout } from '@shared/wallet';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { AdminPayoutsPanel } from './admin-payouts-panel';

const today = new Date().toISOString();

function payout(overrides: Partial<Payout>): Payout {
  return {
    id: 'p1',
    readerId: 'r1',
    readerName: 'Aurora Starweaver',
    readerEmail: 'aurora@soultribe.app',
    amountCents: 4321,
    status: 'pending',
    createdAt: today,
    decidedAt: null,
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A stand-in for the payouts API over an in-memory list. `answerDecision` decides how a decision
 * call answers; by default it applies the decision, as the server does.
 */
function fakeServer(payouts: Payout[]) {
  const decisions: { id: string; decision: string }[] = [];
  const applyDecision = async (id: string, decision: 'paid' | 'rejected') => {
    const found = payouts.find((p) => p.id === id)!;
    Object.assign(found, { status: decision, decidedAt: today });
    return json(200, { payout: found, availableCents: 0 });
  };
  let answerDecision = applyDecision;
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const decided = /^\/api\/admin\/payouts\/([^/]+)\/decision$/.exec(url.pathname);
    if (decided && init?.method === 'POST') {
      const { decision } = JSON.parse(String(init.body)) as { decision: 'paid' | 'rejected' };
      decisions.push({ id: decided[1]!, decision });
      return answerDecision(decided[1]!, decision);
    }
    if (url.pathname === '/api/payouts')
      return json(200, { payouts: payouts.filter((p) => p.status === url.searchParams.get('status')) });
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    decisions,
    applyDecision,
    answerDecisionsWith(answer: typeof answerDecision) {
      answerDecision = answer;
    },
  };
}

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AdminPayoutsPanel />
    </QueryClientProvider>,
  );
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('li')!;

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdminPayoutsPanel', () => {
  it('lists pending payouts with the reader, amount and request date', async () => {
    fakeServer([payout({})]);
    renderPanel();
    expect(screen.getByRole('status', { name: 'Loading payouts' })).toBeTruthy();
    const row = await rowOf('Aurora Starweaver');
    expect(row.textContent).toContain('aurora@soultribe.app');
    expect(row.textContent).toContain('$43.21');
    expect(row.textContent).toContain('Requested today');
    expect(screen.getByTestId('pending-payouts-count').textContent).toBe('1');
    // Decision 009: a rejected payout goes back to the reader's earnings, never their wallet.
    expect(screen.getByText(/Readers’ withdrawal requests/).textContent).toBe(
      'Readers’ withdrawal requests. Mark one paid once the money is sent; rejecting returns it to the reader’s earnings.',
    );
  });

  it('marks a payout paid once on a double click, says so and refreshes the list', async () => {
    const server = fakeServer([payout({})]);
    let release = () => {};
    server.answerDecisionsWith(async (id, decision) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return server.applyDecision(id, decision);
    });
    renderPanel();
    const row = await rowOf('Aurora Starweaver');
    const markPaid = within(row).getByRole('button', { name: 'Mark paid' });
    fireEvent.click(markPaid);
    fireEvent.click(markPaid);

    const marking = (await within(row).findByRole('button', { name: 'Marking paid…' })) as HTMLButtonElement;
    expect(marking.disabled).toBe(true);
    expect((within(row).getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => release());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Payout marked as paid'));
    expect(await screen.findByText('No pending payouts')).toBeTruthy();
    expect(server.decisions).toEqual([{ id: 'p1', decision: 'paid' }]);
  });

  it('rejects only after the confirm step, then the payout leaves the pending list', async () => {
    const server = fakeServer([payout({})]);
    renderPanel();
    const row = await rowOf('Aurora Starweaver');

    fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this payout?' });
    expect(dialog.textContent).toContain('$43.21 goes back to Aurora Starweaver’s earnings');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep pending' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.decisions).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject payout' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Payout rejected'));
    expect(server.decisions).toEqual([{ id: 'p1', decision: 'rejected' }]);
    expect(await screen.findByText('No pending payouts')).toBeTruthy();
  });

  it('shows the server’s message when another admin decided first', async () => {
    const server = fakeServer([payout({})]);
    server.answerDecisionsWith(async () =>
      json(409, { error: { code: 'CONFLICT', message: 'This payout was already marked paid' } }),
    );
    renderPanel();
    fireEvent.click(within(await rowOf('Aurora Starweaver')).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This payout was already marked paid'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('says so when a decision fails for another reason, and lets the admin try again', async () => {
    const server = fakeServer([payout({})]);
    server.answerDecisionsWith(async () =>
      json(500, { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }),
    );
    renderPanel();
    const row = await rowOf('Aurora Starweaver');
    fireEvent.click(within(row).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update payout', {
        description: 'Something went wrong on our side.',
      }),
    );
    await waitFor(() =>
      expect((within(row).getByRole('button', { name: 'Mark paid' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('shows "No pending payouts" when the queue is empty', async () => {
    fakeServer([payout({ status: 'paid', decidedAt: today })]);
    renderPanel();
    expect(await screen.findByText('No pending payouts')).toBeTruthy();
    expect(screen.queryByTestId('pending-payouts-count')).toBeNull();
  });

  it('shows an error with Retry instead of a blank panel, and recovers', async () => {
    const server = fakeServer([payout({})]);
    server.fetchMock.mockImplementationOnce(async () =>
      json(500, { error: { code: 'INTERNAL', message: 'Database unavailable.' } }),
    );
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load payouts.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Aurora Starweaver')).toBeTruthy();
  });

  it('lists decided payouts under their status with the decision date', async () => {
    fakeServer([
      payout({ id: 'p2', readerName: 'Marcus Moonstone', status: 'paid', decidedAt: today }),
      payout({ id: 'p3', readerName: 'Celeste Rivers', status: 'rejected', decidedAt: today }),
    ]);
    renderPanel();
    // Radix tabs switch on mouse down (a click without it does nothing in jsdom).
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Paid' }));
    const paid = await rowOf('Marcus Moonstone');
    expect(paid.textContent).toContain('Paid today');
    expect(within(paid).queryByRole('button')).toBeNull();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Rejected' }));
    expect((await rowOf('Celeste Rivers')).textContent).toContain('Rejected today');
  });
});

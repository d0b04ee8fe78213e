// @vitest-environment jsdom
import type { ReaderStats } from '@shared/reader-dashboard';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReaderStatCards } from './reader-stat-cards';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const none = { earningsCents: 0, sessions: 0, averageRating: null, reviewCount: 0 };
const stats: ReaderStats = {
  timeZone: 'America/New_York',
  today: { earningsCents: 627, sessions: 2, averageRating: 4, reviewCount: 1 },
  lastSevenDays: { earningsCents: 1187, sessions: 3, averageRating: 4.5, reviewCount: 2 },
  allTime: { earningsCents: 258_700, sessions: 1, averageRating: 3.75, reviewCount: 4 },
  availableCents: 2587,
  heldCents: 209,
};

function renderCards(answers: Response[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answers.shift() ?? json(200, stats)),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ReaderStatCards />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReaderStatCards', () => {
  it("shows the server's figures in dollars, the rating to one decimal, and what may be withdrawn beside the payout request", async () => {
    renderCards([json(200, stats)]);
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('Loading your figures');
    expect((await screen.findByTestId('stat-today-earnings')).textContent).toBe('$6.27');
    expect(screen.getByText('2 sessions today')).toBeTruthy();
    expect(screen.getByTestId('stat-total-earnings').textContent).toBe('$2,587.00');
    expect(screen.getByText('1 session')).toBeTruthy();
    expect(screen.getByTestId('stat-average-rating').textContent).toBe('3.8 / 5');
    expect(screen.getByText('4 reviews')).toBeTruthy();
    expect(screen.getByTestId('stat-available').textContent).toBe('$25.87');
    expect(screen.getByText('Available for withdrawal · $2.09 held in open readings')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Request payout of $25.87' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("says 'New' before the first review and keeps the payout request off below the minimum", async () => {
    renderCards([
      json(200, { ...stats, today: none, lastSevenDays: none, allTime: none, availableCents: 1499, heldCents: 0 }),
    ]);
    expect((await screen.findByTestId('stat-average-rating')).textContent).toBe('New');
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(screen.getByText('Available for withdrawal')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Request payout' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Payouts start at $15.00.')).toBeTruthy();
  });

  it('shows "Failed to load dashboard data" with Retry, and recovers', async () => {
    renderCards([json(500, { error: { code: 'INTERNAL', message: 'Database unavailable.' } })]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load dashboard data. Database unavailable.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('stat-today-earnings')).textContent).toBe('$6.27');
  });
});

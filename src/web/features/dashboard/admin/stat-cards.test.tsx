// @vitest-environment jsdom
import type { AdminStats } from '@shared/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminStatCards } from './stat-cards';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const stats: AdminStats = {
  totalUsers: 1234,
  totalReaders: 12,
  totalRevenueCents: 123456,
  promotionalCreditSpentCents: 0,
  todayRevenueCents: 1999,
  activeSessions: 3,
  growth: { usersWeekOverWeekPct: 12.5, revenueWeekOverWeekPct: -4, sessionsWeekOverWeekPct: null },
};

function renderCards(answers: Response[]) {
  const fetchMock = vi.fn(async () => answers.shift() ?? json(200, stats));
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AdminStatCards />
    </QueryClientProvider>,
  );
}

const card = async (label: string) =>
  (await screen.findByText(label)).closest<HTMLElement>('[data-testid="admin-stat"]')!;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdminStatCards', () => {
  it("shows the server's totals in dollars and its week-over-week growth, '—' when there is nothing to compare", async () => {
    renderCards([json(200, stats)]);
    expect(screen.getByRole('status').textContent).toBe('Loading statistics');
    expect((await card('Total Users')).textContent).toBe('Total Users1,234+12.5% sign-ups vs last week');
    expect((await card('Total Readers')).textContent).toBe('Total Readers12');
    expect((await card('Total Revenue')).textContent).toBe(
      'Total Revenue$1,234.56Today $19.99-4% revenue vs last week',
    );
    expect((await card('Active Sessions')).textContent).toBe('Active Sessions3— completed readings vs last week');
  });

  it('names the promotional credit spent as marketing cost beside the revenue (issue 48)', async () => {
    renderCards([json(200, { ...stats, promotionalCreditSpentCents: 2500 })]);
    expect((await card('Total Revenue')).textContent).toBe(
      'Total Revenue$1,234.56Today $19.99-4% revenue vs last weekPromotional credit spent $25.00 (marketing cost) · net $1,209.56',
    );
  });

  it('shows "Failed to load dashboard data" with Retry, and recovers', async () => {
    renderCards([json(500, { error: { code: 'INTERNAL', message: 'Database unavailable.' } })]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load dashboard data. Database unavailable.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await card('Total Users')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import type { ClientSessionSummary } from '@shared/sessions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientStatCards } from './stat-cards';

const profile: Profile = {
  id: 'c1',
  email: 'luna@example.com',
  fullName: 'Luna',
  avatarUrl: null,
  role: 'client',
  walletBalanceCents: 1000,
  creditCents: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};

// Decision 057: Luna's card said $54.77 (readings only) while $99.69 had left her wallet.
const summary: ClientSessionSummary = {
  totalSpentCents: 9969,
  spentBySource: {
    readings: 5477,
    appointmentFees: 1496,
    writtenReadings: 999,
    gifts: 0,
    streamAdmissions: 0,
    orders: 1997,
  },
  completedSessions: 3,
  monthSpentCents: 9969,
  monthSessions: 3,
  monthAverageMinutes: 6,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ClientStatCards', () => {
  it('shows the server total of everything bought, and its breakdown by kind adding up to it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) =>
        new URL(input, 'http://localhost').pathname === '/api/sessions/summary' ? json(summary) : json({ readers: [] }),
      ),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ClientStatCards profile={profile} />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('overview-total-spent')).textContent).toBe('$99.69');
    expect(screen.getByTestId('overview-month-spent').textContent).toBe('$99.69');
    fireEvent.click(screen.getByText('By kind'));
    const lines = within(screen.getByTestId('overview-spent-breakdown'))
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(lines).toEqual([
      'Readings $54.77',
      'Booking fees $14.96',
      'Written questions $9.99',
      'Gifts $0.00',
      'Live stream tickets $0.00',
      'Shop orders $19.97',
    ]);
  });
});

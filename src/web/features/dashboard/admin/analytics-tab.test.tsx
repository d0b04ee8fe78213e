// @vitest-environment jsdom
import type { AdminAnalytics } from '@shared/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsTab } from './analytics-tab';

/**
 * recharts draws in the size its container has, and jsdom lays nothing out: each chart is given the
 * width and height a desktop browser gives it, as its ResizeObserver would report them.
 */
class DesktopSizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const entry = { target, contentRect: { width: 600, height: 220 } } as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

/** A chart's bars (a day with nothing has none) and its axis's days, as drawn. */
const bars = (chart: HTMLElement) => [...chart.querySelectorAll('.recharts-bar-rectangle path')];
const dayLabels = (chart: HTMLElement) =>
  [...chart.querySelectorAll('.recharts-xAxis-tick-labels text')].map((label) => label.textContent);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function analytics(): AdminAnalytics {
  const days = Array.from({ length: 30 }, (_, index) => ({
    date: new Date(Date.UTC(2026, 1, 14 + index)).toISOString().slice(0, 10),
    revenueCents: 0,
    completedSessions: 0,
  }));
  days[29] = { ...days[29]!, revenueCents: 270, completedSessions: 1 };
  days[3] = { ...days[3]!, revenueCents: 1_260, completedSessions: 3 };
  return {
    days,
    revenueBySource: [
      { source: 'readings', revenueCents: 900 },
      { source: 'bookedReadings', revenueCents: 270 },
      { source: 'writtenReadings', revenueCents: 135 },
      { source: 'live', revenueCents: 90 },
      { source: 'shop', revenueCents: 135 },
      { source: 'other', revenueCents: 0 },
    ],
    topReaders: [
      {
        id: 'r1',
        fullName: 'Aurora Starweaver',
        username: 'aurora',
        profileImage: null,
        earningsCents: 2_940,
        completedSessions: 3,
      },
      {
        id: 'r2',
        fullName: 'Marcus Moonstone',
        username: 'marcus',
        profileImage: null,
        earningsCents: 630,
        completedSessions: 1,
      },
    ],
  };
}

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AnalyticsTab />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', DesktopSizeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AnalyticsTab', () => {
  it('draws both series with their totals, says them in words, and lists the top readers by earnings', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, analytics())),
    );
    renderTab();
    expect(screen.getByRole('status', { name: 'Loading analytics' })).toBeTruthy();

    const revenue = await screen.findByRole('region', { name: 'Revenue per Day' });
    expect(revenue.textContent).toContain('$15.30');
    const revenueImage = within(revenue).getByRole('img');
    // Every day of the 30 has its place; the two with revenue have a bar, Feb 17's the taller.
    await waitFor(() => expect(bars(revenueImage)).toHaveLength(2));
    const days = dayLabels(revenueImage);
    expect([days.length, days[0], days[3], days[29]]).toEqual([30, 'Feb 14', 'Feb 17', 'Mar 15']);
    const [feb17, mar15] = bars(revenueImage).map((bar) => Number(bar.getAttribute('height')));
    expect(feb17! / mar15!).toBeCloseTo(1_260 / 270, 1);
    expect(revenueImage.getAttribute('aria-labelledby')).toBeTruthy();
    expect(revenue.textContent).toContain('the highest day was Tue, Feb 17, 2026 with $12.60');

    const sessions = screen.getByRole('region', { name: 'Sessions per Day' });
    await waitFor(() => expect(bars(within(sessions).getByRole('img'))).toHaveLength(2));
    fireEvent.click(within(sessions).getByText('Figures per day'));
    const rows = within(sessions).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[4]!.textContent).toBe('Feb 173');

    const bySource = screen.getByRole('region', { name: 'Revenue by Source' });
    expect(
      within(bySource)
        .getAllByTestId('revenue-source')
        .map((row) => row.textContent),
    ).toEqual([
      'Readings$9.00',
      'Booked readings and fees$2.70',
      'Written readings$1.35',
      'Gifts and stream joins$0.90',
      'Shop$1.35',
    ]);
    // The lines add up to the chart's total.
    expect(within(bySource).getByTestId('revenue-source-total').textContent).toBe('Total$15.30');
    expect(revenue.textContent).toContain('from every source');

    const top = screen.getAllByTestId('top-reader');
    expect(top.map((row) => row.textContent)).toEqual([
      '1.ASAurora Starweaver@aurora$29.403 readings',
      '2.MMMarcus Moonstone@marcus$6.301 reading',
    ]);
  });

  it('says when there is nothing yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          ...analytics(),
          days: analytics().days.map((day) => ({ ...day, revenueCents: 0, completedSessions: 0 })),
          topReaders: [],
        }),
      ),
    );
    renderTab();
    expect(await screen.findByText('No completed readings in the last 30 days.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Revenue per Day' }).textContent).toContain('none on any day');
  });

  it('shows "Failed to load dashboard data" with Retry, and recovers', async () => {
    const fetchMock = vi.fn(async () => json(200, analytics()));
    fetchMock.mockImplementationOnce(async () =>
      json(500, { error: { code: 'INTERNAL', message: 'Database unavailable.' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load dashboard data');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Revenue per Day' })).toBeTruthy();
  });
});

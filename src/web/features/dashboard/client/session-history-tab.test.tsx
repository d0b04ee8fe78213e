// @vitest-environment jsdom
import type { ReadingSession } from '@shared/sessions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_PAGE_SIZE } from './history-api';
import { SessionHistoryTab } from './session-history-tab';

const inADay = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();

function session(index: number, overrides: Partial<ReadingSession> = {}): ReadingSession {
  return {
    id: `s${index}`,
    clientId: 'c1',
    readerId: 'r1',
    client: { id: 'c1', name: 'Sol Nakamura', avatarUrl: null },
    reader: { id: 'r1', name: `Reader ${index}`, avatarUrl: null },
    sessionType: 'chat',
    status: 'completed',
    ratePerMinuteCents: 299,
    minutesCharged: 3,
    totalCostCents: 897,
    freeMinutes: 0,
    readerEarningsCents: 627,
    refundedCents: 0,
    endReason: 'completed',
    requestedAt: '2026-11-20T10:00:00Z',
    expiresAt: null,
    startedAt: '2026-11-20T10:00:05Z',
    endedAt: '2026-11-20T10:03:05Z',
    nextMinuteAt: null,
    pausedAt: null,
    pauseReason: null,
    resumeBy: null,
    rating: 5,
    review: null,
    ratableUntil: null,
    isReaderAutomated: false,
    booking: null,
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A stand-in for the history and rating endpoints over an in-memory list, newest first. */
function fakeServer(sessions: ReadingSession[], options: { failHistory?: boolean } = {}) {
  let failHistory = options.failHistory ?? false;
  const ratings: { id: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const rated = /^\/api\/sessions\/([^/]+)\/rating$/.exec(url.pathname);
    if (rated && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { rating: number; review?: string };
      ratings.push({ id: rated[1]!, body });
      const found = sessions.find((s) => s.id === rated[1])!;
      Object.assign(found, { rating: body.rating, review: body.review ?? null, ratableUntil: null });
      return json(200, { ...found, masked: false });
    }
    if (url.pathname === '/api/sessions/history') {
      if (failHistory) return json(500, { error: { code: 'INTERNAL', message: 'Database unavailable' } });
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      return json(200, { sessions: sessions.slice(offset, offset + limit), hasMore: offset + limit < sessions.length });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    ratings,
    recover() {
      failHistory = false;
    },
  };
}

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SessionHistoryTab />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rows = () => screen.getAllByTestId('history-row');

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SessionHistoryTab', () => {
  it('shows a row per reading with its reader, type, minutes, cost, refund, rating and a link to the reading', async () => {
    fakeServer([session(1), session(2, { sessionType: 'video', refundedCents: 897, rating: null })]);
    renderTab();
    expect(screen.getByRole('status', { name: 'Loading sessions' })).toBeTruthy();
    const [first, second] = await screen.findAllByTestId('history-row');
    expect(within(first!).getByRole('link', { name: 'Reader 1' }).getAttribute('href')).toBe('/dashboard/sessions/s1');
    expect(first!.textContent).toContain('Chat');
    expect(first!.textContent).toContain('3');
    expect(first!.textContent).toContain('$8.97');
    expect(within(first!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
    expect(second!.textContent).toContain('Video');
    expect(second!.textContent).toMatch(/Refund\$8\.97/);
    expect(within(second!).queryByRole('button', { name: 'Rate this reading' })).toBeNull();
  });

  it('pages with Previous and Next while the server says there is more', async () => {
    const server = fakeServer(Array.from({ length: HISTORY_PAGE_SIZE + 2 }, (_, i) => session(i + 1)));
    renderTab();
    await screen.findByRole('link', { name: 'Reader 1' });
    expect(rows()).toHaveLength(HISTORY_PAGE_SIZE);
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: `Reader ${HISTORY_PAGE_SIZE + 1}` });
    expect(rows()).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(server.fetchMock.mock.calls.map(([url]) => url)).toContain(
      `/api/sessions/history?limit=${HISTORY_PAGE_SIZE}&offset=${HISTORY_PAGE_SIZE}`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('link', { name: 'Reader 1' });
    expect(rows()).toHaveLength(HISTORY_PAGE_SIZE);
  });

  it('rates a skipped reading later from its row, after which the row shows the stars', async () => {
    const server = fakeServer([session(1, { rating: null, ratableUntil: inADay })]);
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Rate this reading' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate this reading' });
    fireEvent.click(within(dialog).getByLabelText('4 stars'));
    fireEvent.change(within(dialog).getByLabelText('Review'), { target: { value: 'Kind and clear.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));

    expect(await screen.findByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Rate this reading' })).toBeNull();
    expect(server.ratings).toEqual([{ id: 's1', body: { rating: 4, review: 'Kind and clear.' } }]);
  });

  it('offers no rating once the window has closed', async () => {
    fakeServer([session(1, { rating: null, ratableUntil: new Date(Date.now() - 1000).toISOString() })]);
    renderTab();
    await screen.findByRole('link', { name: 'Reader 1' });
    expect(screen.queryByRole('button', { name: 'Rate this reading' })).toBeNull();
  });

  it('says "Failed to load dashboard data" and loads again on Retry', async () => {
    const server = fakeServer([session(1)], { failHistory: true });
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load dashboard data');
    server.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Reader 1' })).toBeTruthy();
  });

  it('has an empty state that leads to the readers', async () => {
    fakeServer([]);
    renderTab();
    expect(await screen.findByText('No sessions yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book Your First Reading' }).getAttribute('href')).toBe('/readers');
  });
});

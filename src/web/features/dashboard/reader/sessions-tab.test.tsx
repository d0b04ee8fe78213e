// @vitest-environment jsdom
import type { ReaderSessionRow, ReaderSessionsPage } from '@shared/reader-dashboard';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReaderSessionsTab } from './sessions-tab';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const row = (overrides: Partial<ReaderSessionRow>): ReaderSessionRow => ({
  id: 's1',
  sessionType: 'chat',
  status: 'completed',
  clientId: 'c1',
  clientFirstName: 'Moonchild',
  startedAt: '2026-11-21T12:00:00.000Z',
  endedAt: '2026-11-21T12:02:30.000Z',
  minutesCharged: 3,
  earningsCents: 627,
  isRefunded: false,
  rating: null,
  review: null,
  ...overrides,
});

const page = (page: number, sessions: ReaderSessionRow[], hasMore: boolean): ReaderSessionsPage => ({
  sessions,
  page,
  pageSize: 10,
  hasMore,
});

function renderTab(answer: (url: string) => Response) {
  const fetchMock = vi.fn(async (url: string) => answer(url));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ReaderSessionsTab />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReaderSessionsTab', () => {
  it('shows each reading: client first name or Anonymous, type, minutes, earnings, rating and review', async () => {
    renderTab(() =>
      json(
        200,
        page(
          1,
          [
            row({
              id: 'live',
              status: 'active',
              sessionType: 'video',
              minutesCharged: 1,
              earningsCents: 209,
              endedAt: null,
            }),
            row({ id: 'refunded', clientFirstName: null, minutesCharged: 1, earningsCents: 0, isRefunded: true }),
            row({ id: 'rated', sessionType: 'audio', rating: 5, review: 'Spot on about the move.' }),
          ],
          false,
        ),
      ),
    );
    const rows = await screen.findAllByTestId('reader-session');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('MoonchildVideoIn progress');
    expect(rows[0]!.textContent).toContain('Held so far$2.09');
    expect(rows[1]!.textContent).toContain('AnonymousChatRefunded');
    expect(rows[1]!.textContent).toContain('Minutes1Earned$0.00');
    expect(within(rows[2]!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
    expect(rows[2]!.textContent).toContain('“Spot on about the move.”');
    expect(rows[2]!.textContent).toContain('Minutes3Earned$6.27');
    // The reader's notes on each client, from their client list (decision 068).
    expect(within(rows[0]!).getByRole('button', { name: 'Your notes on Moonchild' })).toBeTruthy();
    // Each opens the reading's receipt.
    expect(within(rows[1]!).getByRole('link', { name: 'Anonymous' }).getAttribute('href')).toBe(
      '/dashboard/sessions/refunded',
    );
  });

  it('asks for the next page and back', async () => {
    const fetchMock = renderTab((url) =>
      url.includes('page=2')
        ? json(200, page(2, [row({ id: 'old', clientFirstName: 'Sol' })], false))
        : json(200, page(1, [row({ id: 'new' })], true)),
    );
    await screen.findByText('Moonchild');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Sol')).toBeTruthy();
    expect(
      fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/readers/me/sessions')),
    ).toEqual(['/api/readers/me/sessions?page=1', '/api/readers/me/sessions?page=2']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Moonchild')).toBeTruthy();
  });

  it('says so when there are no readings yet', async () => {
    renderTab(() => json(200, page(1, [], false)));
    expect(await screen.findByText('No sessions yet. Go online and your readings will appear here.')).toBeTruthy();
  });
});

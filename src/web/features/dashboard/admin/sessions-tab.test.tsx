// @vitest-environment jsdom
import type { ReadingSession } from '@shared/sessions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { testReadingSession } from '../../../../../tests/unit/test-reading-session';
import { SESSIONS_PAGE_SIZE, SessionsTab } from './sessions-tab';

const startedAt = '2026-03-14T15:09:00.000Z';

function session(overrides: Partial<ReadingSession>): ReadingSession {
  return testReadingSession({
    client: { id: 'c1', name: 'Luna Martinez', avatarUrl: null },
    sessionType: 'video',
    minutesCharged: 7,
    totalCostCents: 2793,
    readerEarningsCents: 1953,
    requestedAt: startedAt,
    startedAt,
    endedAt: startedAt,
    ...overrides,
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The admin sessions API over an in-memory list, filtering and paging as the server does. */
function fakeServer(sessions: ReadingSession[]) {
  const requests: URLSearchParams[] = [];
  const ended: string[] = [];
  let answerEnd: ((id: string) => Promise<Response>) | null = null;
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const end = /^\/api\/admin\/sessions\/([^/]+)\/end$/.exec(url.pathname);
    if (end && init?.method === 'POST') {
      const id = end[1]!;
      ended.push(id);
      if (answerEnd) return answerEnd(id);
      const found = sessions.find((s) => s.id === id)!;
      Object.assign(found, {
        status: found.status === 'active' ? 'completed' : 'cancelled',
        endedAt: new Date().toISOString(),
      });
      return json(200, found);
    }
    if (url.pathname === '/api/admin/sessions') {
      requests.push(url.searchParams);
      const status = url.searchParams.get('status');
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const matching = sessions.filter((s) => !status || s.status === status);
      return json(200, { sessions: matching.slice(offset, offset + limit), hasMore: matching.length > offset + limit });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    ended,
    answerEndWith(answer: typeof answerEnd) {
      answerEnd = answer;
    },
  };
}

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionsTab />
    </QueryClientProvider>,
  );
}

const rows = () => screen.findAllByTestId('admin-session');

async function endFirstOpenSession() {
  const [row] = (await rows()).filter((r) => within(r).queryByRole('button', { name: 'End session' }));
  fireEvent.click(within(row!).getByRole('button', { name: 'End session' }));
  const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SessionsTab', () => {
  it('lists client, reader, type, status, start, minutes and total; only open ones can be ended', async () => {
    fakeServer([
      session({ id: 's1', status: 'active', minutesCharged: 3, totalCostCents: 1197 }),
      session({
        id: 's2',
        status: 'requested',
        startedAt: null,
        minutesCharged: 0,
        totalCostCents: 0,
        sessionType: 'chat',
      }),
      session({ id: 's3' }),
    ]);
    renderTab();
    expect(screen.getByRole('status', { name: 'Loading sessions' })).toBeTruthy();
    const [active, requested, completed] = await rows();
    expect(active!.textContent).toContain('Luna Martinez');
    expect(active!.textContent).toContain('Aurora Starweaver');
    expect(active!.textContent).toContain('Video');
    expect(active!.textContent).toContain('Active');
    expect(active!.textContent).toContain(
      `Started ${new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(startedAt))}`,
    );
    expect(active!.textContent).toContain('$11.97');
    expect(requested!.textContent).toContain('Chat');
    expect(requested!.textContent).toContain('Not started');
    expect(requested!.textContent).toContain('$0.00');
    expect(completed!.textContent).toContain('Completed');
    expect(completed!.textContent).toContain('$27.93');
    expect(within(active!).getByRole('button', { name: 'End session' })).toBeTruthy();
    expect(within(requested!).getByRole('button', { name: 'End session' })).toBeTruthy();
    expect(within(completed!).queryByRole('button')).toBeNull();
  });

  it('filters by status from the first page', async () => {
    const server = fakeServer([session({ id: 's1', status: 'active' }), session({ id: 's2', status: 'missed' })]);
    renderTab();
    await rows();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'missed' } });
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect((await rows())[0]!.textContent).toContain('Missed');
    expect(server.requests.at(-1)?.toString()).toBe('status=missed&limit=20&offset=0');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'declined' } });
    expect(await screen.findByText('No declined sessions.')).toBeTruthy();
  });

  it('pages with Previous and Next while the server says there is more', async () => {
    const server = fakeServer(Array.from({ length: SESSIONS_PAGE_SIZE + 1 }, (_, i) => session({ id: `s${i}` })));
    renderTab();
    await rows();
    const pages = screen.getByRole('navigation', { name: 'Sessions pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(server.requests.at(-1)?.get('offset')).toBe(String(SESSIONS_PAGE_SIZE));
    expect((within(pages).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('ends an active session after a confirmation, says so and refreshes the list', async () => {
    const server = fakeServer([session({ id: 's1', status: 'active' })]);
    renderTab();
    await endFirstOpenSession();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Session ended'));
    expect(server.ended).toEqual(['s1']);
    await waitFor(async () => expect((await rows())[0]!.textContent).toContain('Completed'));
    expect(screen.queryByRole('button', { name: 'End session' })).toBeNull();
  });

  it("shows the server's refusal in the failure toast", async () => {
    const server = fakeServer([session({ id: 's1', status: 'active' })]);
    server.answerEndWith(async () => json(404, { error: { code: 'NOT_FOUND', message: 'Session not found' } }));
    renderTab();
    await endFirstOpenSession();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to end session', { description: 'Session not found' }),
    );
  });

  it('shows "Failed to load dashboard data" with Retry, and recovers', async () => {
    const server = fakeServer([session({})]);
    server.fetchMock.mockImplementationOnce(async () =>
      json(500, { error: { code: 'INTERNAL', message: 'Database unavailable.' } }),
    );
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load dashboard data');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await rows()).toHaveLength(1);
  });
});

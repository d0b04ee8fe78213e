// @vitest-environment jsdom
import type { AdminUser } from '@shared/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { USERS_PAGE_SIZE, UsersTab } from './users-tab';

function user(overrides: Partial<AdminUser>): AdminUser {
  return {
    id: 'u1',
    name: 'Luna Martinez',
    email: 'luna@example.com',
    role: 'client',
    walletBalanceCents: 2550,
    createdAt: new Date().toISOString(),
    suspended: false,
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The admin users API over an in-memory list, filtering and paging as the server does. */
function fakeServer(users: AdminUser[]) {
  const requests: URLSearchParams[] = [];
  const actions: string[] = [];
  let answerAction: ((id: string, action: string) => Promise<Response>) | null = null;
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const acted = /^\/api\/admin\/users\/([^/]+)\/(suspend|restore)$/.exec(url.pathname);
    if (acted && init?.method === 'POST') {
      const [, id, action] = acted as unknown as [string, string, string];
      actions.push(`${action} ${id}`);
      if (answerAction) return answerAction(id, action);
      const found = users.find((u) => u.id === id)!;
      found.suspended = action === 'suspend';
      return json(200, found);
    }
    if (url.pathname === '/api/admin/users/u1/blocks') {
      return json(200, {
        given: [
          {
            userId: 'r1',
            name: 'Marcus Moon',
            role: 'reader',
            reason: 'Pushed me to book more',
            createdAt: new Date().toISOString(),
          },
        ],
        received: [],
      });
    }
    if (url.pathname === '/api/admin/users') {
      requests.push(url.searchParams);
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const role = url.searchParams.get('role');
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const matching = users.filter(
        (u) => (!role || u.role === role) && (u.name.toLowerCase().includes(search) || u.email.includes(search)),
      );
      return json(200, { users: matching.slice(offset, offset + limit), hasMore: matching.length > offset + limit });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    actions,
    answerActionsWith(answer: typeof answerAction) {
      answerAction = answer;
    },
  };
}

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <UsersTab />
    </QueryClientProvider>,
  );
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('li')!;

async function confirm(row: HTMLElement, button: string) {
  fireEvent.click(within(row).getByRole('button', { name: new RegExp(`^${button}`) }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UsersTab', () => {
  it('lists each user with role, balance in dollars, joined date and a Suspended badge', async () => {
    fakeServer([
      user({}),
      user({
        id: 'u2',
        name: 'Marcus Moon',
        email: 'marcus@example.com',
        role: 'reader',
        walletBalanceCents: 0,
        suspended: true,
      }),
    ]);
    renderTab();
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeTruthy();
    const rows = await screen.findAllByTestId('admin-user');
    expect(rows[0]!.textContent).toContain('Luna Martinez');
    expect(rows[0]!.textContent).toContain('luna@example.com');
    expect(rows[0]!.textContent).toContain('Client');
    expect(rows[0]!.textContent).toContain('$25.50');
    expect(rows[0]!.textContent).toContain('Today');
    expect(rows[0]!.textContent).not.toContain('Suspended');
    expect(rows[1]!.textContent).toContain('Reader');
    expect(rows[1]!.textContent).toContain('Suspended');
    expect(within(rows[1]!).getByRole('button', { name: 'Restore Marcus Moon' })).toBeTruthy();
  });

  it('offers no suspend button on an admin account', async () => {
    fakeServer([user({ role: 'admin', name: 'Ada Admin' })]);
    renderTab();
    const row = await rowOf('Ada Admin');
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it("shows a user's blocks both ways with the blocker's reason", async () => {
    fakeServer([user({})]);
    renderTab();
    const row = await rowOf('Luna Martinez');
    fireEvent.click(within(row).getByRole('button', { name: 'Blocks of Luna Martinez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blocks of Luna Martinez' });
    const [given] = await within(dialog).findAllByTestId('admin-block');
    expect(given!.textContent).toContain('Marcus Moon');
    expect(given!.textContent).toContain('Reason: Pushed me to book more');
    expect(dialog.textContent).toContain('No one has blocked them.');
  });

  it('searches once typing settles, filters by role, and starts again from the first page', async () => {
    const server = fakeServer([
      user({}),
      user({ id: 'u2', name: 'Marcus Moon', email: 'marcus@example.com', role: 'reader' }),
    ]);
    renderTab();
    await screen.findByText('Marcus Moon');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'm' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'marc' } });
    await waitFor(() => expect(screen.queryByText('Luna Martinez')).toBeNull());
    expect(screen.getByText('Marcus Moon')).toBeTruthy();
    // One request for the settled text, none for each key pressed.
    expect(server.requests.map((params) => params.get('search'))).toEqual([null, 'marc']);

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'client' } });
    expect(await screen.findByText('No users match.')).toBeTruthy();
    expect(server.requests.at(-1)?.toString()).toBe('search=marc&role=client&limit=20&offset=0');
  });

  it('pages with Previous and Next while the server says there is more', async () => {
    const many = Array.from({ length: USERS_PAGE_SIZE + 3 }, (_, i) =>
      user({ id: `u${i}`, name: `Seeker ${i}`, email: `seeker${i}@example.com` }),
    );
    fakeServer(many);
    renderTab();
    await screen.findByText('Seeker 0');
    const pages = screen.getByRole('navigation', { name: 'Users pages' });
    expect((within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(`Seeker ${USERS_PAGE_SIZE}`)).toBeTruthy();
    expect(screen.queryByText('Seeker 0')).toBeNull();
    expect((within(pages).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(pages).getByText(`Showing 21–${USERS_PAGE_SIZE + 3}`)).toBeTruthy();
    fireEvent.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Seeker 0')).toBeTruthy();
  });

  it('suspends after a confirmation, says so and shows the refreshed row; restores the same way', async () => {
    const server = fakeServer([user({})]);
    renderTab();
    await confirm(await rowOf('Luna Martinez'), 'Suspend');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Luna Martinez suspended'));
    expect(server.actions).toEqual(['suspend u1']);
    await waitFor(async () => expect((await rowOf('Luna Martinez')).textContent).toContain('Suspended'));

    await confirm(await rowOf('Luna Martinez'), 'Restore');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Luna Martinez restored'));
    await waitFor(async () => expect((await rowOf('Luna Martinez')).textContent).not.toContain('Suspended'));
    expect(server.actions).toEqual(['suspend u1', 'restore u1']);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const server = fakeServer([user({})]);
    renderTab();
    fireEvent.click(within(await rowOf('Luna Martinez')).getByRole('button', { name: 'Suspend Luna Martinez' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.actions).toEqual([]);
  });

  it("shows the server's refusal in the failure toast", async () => {
    const server = fakeServer([user({})]);
    server.answerActionsWith(async () =>
      json(403, { error: { code: 'FORBIDDEN', message: 'Admin accounts cannot be suspended' } }),
    );
    renderTab();
    await confirm(await rowOf('Luna Martinez'), 'Suspend');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to suspend user', {
        description: 'Admin accounts cannot be suspended',
      }),
    );
  });

  it('shows "Failed to load dashboard data" with Retry, and recovers', async () => {
    const server = fakeServer([user({})]);
    server.fetchMock.mockImplementationOnce(async () =>
      json(500, { error: { code: 'INTERNAL', message: 'Database unavailable.' } }),
    );
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load dashboard data');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Luna Martinez')).toBeTruthy();
  });
});

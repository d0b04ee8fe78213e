// @vitest-environment jsdom
import type { AdminReader } from '@shared/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { ReadersTab } from './readers-tab';

function reader(overrides: Partial<AdminReader>): AdminReader {
  return {
    id: 'r1',
    firstName: 'Aurora',
    lastName: 'Starweaver',
    fullName: 'Aurora Starweaver',
    username: 'aurora',
    email: 'aurora@soultribe.app',
    bio: 'Tarot.',
    specialties: ['Tarot'],
    yearsExperience: 10,
    chatRateCents: 399,
    audioRateCents: 499,
    videoRateCents: 599,
    profileImage: null,
    isOnline: true,
    isBusy: false,
    status: 'online',
    rating: 4.8,
    totalReviews: 12,
    totalSessions: 40,
    createdAt: new Date().toISOString(),
    schedule: { timeZone: 'UTC', slots: [] },
    freeMinutes: 0,
    repliesAutomated: false,
    sessionTypes: ['chat', 'audio', 'video'],
    writtenReadingPriceCents: null,
    writtenReadingAnswerHours: 24,
    totalEarningsCents: 12_345,
    deactivated: false,
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The admin readers API over an in-memory list; `answerCreate` / `answerUpdate` replace how a write answers. */
function fakeServer(readers: AdminReader[]) {
  const created: unknown[] = [];
  const updated: unknown[] = [];
  const actions: string[] = [];
  let answerCreate = async (body: Record<string, unknown>) => {
    const made = reader({
      id: `r${readers.length + 1}`,
      fullName: `${body.firstName} ${body.lastName}`,
      username: String(body.username),
    });
    readers.unshift(made);
    return json(201, made);
  };
  let answerUpdate = async (id: string, body: Record<string, unknown>) => {
    const index = readers.findIndex((r) => r.id === id);
    const next = { ...readers[index]!, ...body } as AdminReader;
    next.fullName = `${next.firstName} ${next.lastName}`;
    readers[index] = next;
    return json(200, next);
  };
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url.pathname === '/api/admin/readers' && init?.method === 'POST') {
      created.push(body);
      return answerCreate(body);
    }
    if (url.pathname === '/api/admin/readers') {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      return json(200, { readers: readers.slice(offset, offset + limit), hasMore: readers.length > offset + limit });
    }
    const action = /^\/api\/admin\/readers\/([^/]+)(?:\/(deactivate|reactivate))?$/.exec(url.pathname);
    if (action && init?.method === 'PATCH') {
      updated.push(body);
      return answerUpdate(action[1]!, body);
    }
    if (action?.[2]) {
      actions.push(`${action[2]} ${action[1]}`);
      const target = readers.find((r) => r.id === action[1])!;
      target.deactivated = action[2] === 'deactivate';
      if (target.deactivated) target.isOnline = false;
      return json(200, target);
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    created,
    updated,
    actions,
    answerCreateWith(answer: typeof answerCreate) {
      answerCreate = answer;
    },
    answerUpdateWith(answer: typeof answerUpdate) {
      answerUpdate = answer;
    },
  };
}

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ReadersTab />
    </QueryClientProvider>,
  );
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create Reader' }));
  return screen.findByRole('dialog', { name: 'Create Reader' });
}

function fill(dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

const everyField = {
  Email: 'luna@example.com',
  Password: 'moonlight-123',
  'First name': 'Luna',
  'Last name': 'Starling',
  Username: 'luna_star',
  'Years of experience': '7',
  'Chat rate ($/min)': '3.99',
  'Audio rate ($/min)': '4.5',
  'Video rate ($/min)': '6',
  Specialties: 'Tarot, Astrology ',
  Bio: 'Reads the stars.',
};

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReadersTab', () => {
  it('lists readers with online state, rates, rating, sessions, earnings and a deactivated badge', async () => {
    fakeServer([
      reader({}),
      reader({
        id: 'r2',
        fullName: 'Marcus Moonstone',
        isOnline: false,
        totalReviews: 0,
        rating: 0,
        deactivated: true,
      }),
    ]);
    renderTab();
    expect(screen.getByRole('status', { name: 'Loading readers' })).toBeTruthy();
    const rows = await screen.findAllByTestId('admin-reader');
    expect(rows[0]!.textContent).toContain('Aurora Starweaver');
    expect(rows[0]!.textContent).toContain('Online');
    expect(rows[0]!.textContent).toContain('$3.99/min');
    expect(rows[0]!.textContent).toContain('4.8(12)');
    expect(rows[0]!.textContent).toContain('40');
    expect(rows[0]!.textContent).toContain('$123.45');
    expect(rows[0]!.textContent).not.toContain('Deactivated');
    expect(within(rows[0]!).getByRole('button', { name: 'Deactivate Aurora Starweaver' })).toBeTruthy();
    expect(rows[1]!.textContent).toContain('Offline');
    expect(rows[1]!.textContent).toContain('New');
    expect(rows[1]!.textContent).toContain('Deactivated');
    expect(within(rows[1]!).getByRole('button', { name: 'Reactivate Marcus Moonstone' })).toBeTruthy();
  });

  it('pages through readers 20 at a time', async () => {
    fakeServer(Array.from({ length: 25 }, (_, index) => reader({ id: `r${index}`, fullName: `Reader ${index}` })));
    renderTab();
    expect(await screen.findAllByTestId('admin-reader')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-reader')).toHaveLength(5));
    expect(screen.getByText('Reader 24')).toBeTruthy();
    expect(screen.getByText('Showing 21–25')).toBeTruthy();
  });

  it('shows "Failed to load dashboard data" with Retry, and recovers', async () => {
    const server = fakeServer([reader({})]);
    server.fetchMock.mockImplementationOnce(async () =>
      json(500, { error: { code: 'INTERNAL', message: 'Database unavailable.' } }),
    );
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load dashboard data');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Aurora Starweaver')).toBeTruthy();
  });

  it('refuses an empty form beside every field at once, the same again on a second try, and sends nothing', async () => {
    const server = fakeServer([]);
    renderTab();
    const dialog = await openDialog();
    const everyError = [
      'Enter a valid email address',
      'Password must be at least 8 characters',
      'Enter a first name',
      'Enter a last name',
      'Username must be at least 3 characters',
      'Enter the years of experience',
      'Enter a rate',
      'Enter a rate',
      'Enter a rate',
      'Add at least one specialty',
      'Enter a bio',
    ];
    const shown = () =>
      within(dialog)
        .queryAllByRole('alert')
        .map((alert) => alert.textContent);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Reader' }));
    // A submit once showed four errors: every field's error shows on the first, once each.
    await waitFor(() => expect(shown()).toEqual(everyError));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Reader' }));
    await act(async () => undefined);
    expect(shown()).toEqual(everyError);
    expect(server.created).toEqual([]);
  });

  it('creates a reader in cents, says so, closes, clears and reloads the list', async () => {
    const server = fakeServer([]);
    renderTab();
    expect(await screen.findByText('No readers yet. Create the first one.')).toBeTruthy();
    fill(await openDialog(), everyField);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Reader' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Reader account created successfully'));
    expect(server.created).toEqual([
      expect.objectContaining({
        chatRateCents: 399,
        audioRateCents: 450,
        videoRateCents: 600,
        yearsExperience: 7,
        specialties: ['Tarot', 'Astrology'],
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Luna Starling')).toBeTruthy();
    expect((within(await openDialog()).getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('says Creating... while it runs, then puts a taken username beside Username and says the account was not created', async () => {
    const server = fakeServer([]);
    let release = () => {};
    server.answerCreateWith(async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return json(400, {
        error: {
          code: 'BAD_REQUEST',
          message: 'This username is taken',
          fields: { username: 'This username is taken' },
        },
      });
    });
    renderTab();
    const dialog = await openDialog();
    fill(dialog, everyField);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Reader' }));
    const creating = (await within(dialog).findByRole('button', { name: 'Creating...' })) as HTMLButtonElement;
    expect(creating.disabled).toBe(true);
    await act(async () => release());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to create reader account', {
        description: 'This username is taken',
      }),
    );
    const username = within(dialog).getByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(username.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This username is taken',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('Edit a reader', () => {
  async function openEdit() {
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Aurora Starweaver' }));
    return screen.findByRole('dialog', { name: 'Edit Reader' });
  }

  it('starts from the reader, sends the changes in cents, and the list shows them', async () => {
    const server = fakeServer([reader({ profileImage: 'https://images.example/a.png' })]);
    renderTab();
    const dialog = await openEdit();
    expect((within(dialog).getByLabelText('Chat rate ($/min)') as HTMLInputElement).value).toBe('3.99');
    expect((within(dialog).getByLabelText('Specialties') as HTMLInputElement).value).toBe('Tarot');
    expect(within(dialog).queryByLabelText('Email')).toBeNull();
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    fill(dialog, {
      'First name': 'Aurelia',
      'Chat rate ($/min)': '5.25',
      'Profile image URL (optional)': '',
      Specialties: 'Tarot, Runes',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Aurelia Starweaver updated'));
    expect(server.updated).toEqual([
      expect.objectContaining({
        firstName: 'Aurelia',
        chatRateCents: 525,
        profileImage: null,
        specialties: ['Tarot', 'Runes'],
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Aurelia Starweaver')).toBeTruthy();
    expect(screen.getByText('$5.25/min')).toBeTruthy();
  });

  it('checks fields before sending and puts a taken username beside Username', async () => {
    const server = fakeServer([reader({})]);
    server.answerUpdateWith(async () =>
      json(409, {
        error: { code: 'CONFLICT', message: 'This username is taken', fields: { username: 'This username is taken' } },
      }),
    );
    renderTab();
    const dialog = await openEdit();
    fill(dialog, { 'Video rate ($/min)': '0.5', 'Profile image URL (optional)': 'javascript:alert(1)' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(/Rate must be at least/)).toBeTruthy();
    expect(within(dialog).getByText('Enter an image address starting with http:// or https://')).toBeTruthy();
    expect(server.updated).toEqual([]);

    fill(dialog, { 'Video rate ($/min)': '6', 'Profile image URL (optional)': '', Username: 'MARCUS' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update reader', { description: 'This username is taken' }),
    );
    const username = within(dialog).getByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(username.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This username is taken',
    );
    expect(screen.getByRole('dialog', { name: 'Edit Reader' })).toBeTruthy();
  });
});

describe('Deactivate and reactivate', () => {
  it('asks first, then deactivates, and the row says so; reactivating asks again', async () => {
    const server = fakeServer([reader({})]);
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Aurora Starweaver' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate this reader?' });
    expect(confirm.textContent).toContain('billed up to this moment');
    expect(server.actions).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Aurora Starweaver deactivated'));
    expect(server.actions).toEqual(['deactivate r1']);
    const row = await screen.findByTestId('admin-reader');
    await waitFor(() => expect(row.textContent).toContain('Deactivated'));
    expect(row.textContent).toContain('Offline');

    fireEvent.click(within(row).getByRole('button', { name: 'Reactivate Aurora Starweaver' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Reactivate this reader?' })).getByRole('button', {
        name: 'Reactivate',
      }),
    );
    await waitFor(() => expect(server.actions).toEqual(['deactivate r1', 'reactivate r1']));
    await waitFor(() => expect(screen.getByTestId('admin-reader').textContent).not.toContain('Deactivated'));
  });

  it('says when it failed', async () => {
    const server = fakeServer([reader({})]);
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Aurora Starweaver' }));
    server.fetchMock.mockImplementationOnce(async () =>
      json(500, { error: { code: 'INTERNAL', message: 'Database unavailable.' } }),
    );
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to deactivate reader', { description: 'Database unavailable.' }),
    );
  });
});

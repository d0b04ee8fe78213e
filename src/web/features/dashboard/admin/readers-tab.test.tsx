// @vitest-environment jsdom
import type { Reader } from '@shared/readers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReadersTab } from './readers-tab';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function reader(overrides: Partial<Reader>): Reader {
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
    rating: 4.8,
    totalReviews: 12,
    totalSessions: 40,
    createdAt: new Date().toISOString(),
    schedule: { timeZone: 'UTC', slots: [] },
    ...overrides,
  };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The admin readers API over an in-memory list; `answerCreate` replaces how a POST answers. */
function fakeServer(readers: Reader[]) {
  const created: unknown[] = [];
  let answerCreate = async (body: Record<string, unknown>) => {
    const made = reader({ id: `r${readers.length + 1}`, fullName: `${body.firstName} ${body.lastName}`, username: String(body.username) });
    readers.unshift(made);
    return json(201, made);
  };
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    if (input === '/api/admin/readers' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      created.push(body);
      return answerCreate(body);
    }
    if (input === '/api/admin/readers') return json(200, { readers });
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    created,
    answerCreateWith(answer: typeof answerCreate) {
      answerCreate = answer;
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
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
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
  it('lists readers with online state, rates, rating and sessions', async () => {
    fakeServer([reader({}), reader({ id: 'r2', fullName: 'Marcus Moonstone', isOnline: false, totalReviews: 0, rating: 0 })]);
    renderTab();
    expect(screen.getByRole('status', { name: 'Loading readers' })).toBeTruthy();
    const rows = await screen.findAllByTestId('admin-reader');
    expect(rows[0]!.textContent).toContain('Aurora Starweaver');
    expect(rows[0]!.textContent).toContain('Online');
    expect(rows[0]!.textContent).toContain('$3.99/min');
    expect(rows[0]!.textContent).toContain('4.8(12)');
    expect(rows[0]!.textContent).toContain('40');
    expect(rows[1]!.textContent).toContain('Offline');
    expect(rows[1]!.textContent).toContain('New');
  });

  it('shows "Failed to load dashboard data" with Retry, and recovers', async () => {
    const server = fakeServer([reader({})]);
    server.fetchMock.mockImplementationOnce(async () => json(500, { error: { code: 'INTERNAL', message: 'Database unavailable.' } }));
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load dashboard data');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Aurora Starweaver')).toBeTruthy();
  });

  it('refuses an empty form beside each field and sends nothing', async () => {
    const server = fakeServer([]);
    renderTab();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Reader' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeTruthy();
    expect(within(dialog).getByText('Add at least one specialty')).toBeTruthy();
    expect(within(dialog).getAllByText('Enter a rate')).toHaveLength(3);
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
      expect.objectContaining({ chatRateCents: 399, audioRateCents: 450, videoRateCents: 600, yearsExperience: 7, specialties: ['Tarot', 'Astrology'] }),
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
      return json(400, { error: { code: 'BAD_REQUEST', message: 'This username is taken', fields: { username: 'This username is taken' } } });
    });
    renderTab();
    const dialog = await openDialog();
    fill(dialog, everyField);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Reader' }));
    const creating = (await within(dialog).findByRole('button', { name: 'Creating...' })) as HTMLButtonElement;
    expect(creating.disabled).toBe(true);
    await act(async () => release());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to create reader account', { description: 'This username is taken' }));
    const username = within(dialog).getByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(username.getAttribute('aria-describedby')!)?.textContent).toBe('This username is taken');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

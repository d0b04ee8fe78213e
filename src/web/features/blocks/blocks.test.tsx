// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import { BLOCK_REASON_MAX_CHARS, type Block } from '@shared/blocks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { BlockButton } from './block-button';
import { BlockedPeopleCard } from './blocked-people-card';

const reader: Profile = {
  id: 'r1',
  email: 'r@example.com',
  fullName: 'Selene Moon',
  avatarUrl: null,
  role: 'reader',
  walletBalanceCents: 0,
  creditCents: 0,
  createdAt: '2026-01-01T00:00:00Z',
};
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const maya: Block = {
  userId: 'c1',
  name: 'Maya Rivers',
  avatarUrl: null,
  role: 'client',
  reason: 'Rude in two readings',
  createdAt: '2026-03-02T10:00:00.000Z',
};

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A stubbed API: GET /api/blocks lists `blocks`; other calls go to `handlers` by 'METHOD path'. */
function fakeServer(blocks: Block[], handlers: Record<string, Handler> = {}) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${input}`;
    const handler = handlers[key];
    if (handler) return handler(init);
    if (key === 'GET /api/blocks') return json(200, { blocks });
    return json(404, { error: { code: 'NOT_FOUND', message: `No stub for ${key}` } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderWithClient(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(profileQueryKey, reader);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return { invalidate };
}

const posts = (fetchMock: ReturnType<typeof fakeServer>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/blocks' && init?.method === 'POST');

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Block Maya Rivers' }));
  return screen.findByRole('dialog', { name: 'Block Maya Rivers?' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the block dialog', () => {
  it('says what a block does, sends once on a double click, then thanks and refreshes what the block changed', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = fakeServer([], {
      'POST /api/blocks': async () => {
        await answered;
        return json(201, { ...maya, reason: 'Asked for my phone number' });
      },
    });
    const { invalidate } = renderWithClient(<BlockButton userId="c1" name="Maya Rivers" theirRole="client" />);
    const dialog = await openDialog();
    expect(
      within(dialog).getByText('Neither of you can request, book, write to or join a paid stream of the other.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Anything booked or asked between you is refunded in full.')).toBeTruthy();
    expect(within(dialog).getByText('A reading in progress between you ends now.')).toBeTruthy();
    expect(within(dialog).getByText(/They are not told why/)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Private reason (optional)'), {
      target: { value: 'Asked for my phone number' },
    });
    const block = within(dialog).getByRole('button', { name: 'Block' });
    fireEvent.click(block);
    fireEvent.click(block);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Blocking…' })).toHaveProperty('disabled', true),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Blocking…' }));
    release();

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('You blocked Maya Rivers', expect.anything()));
    expect(posts(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(posts(fetchMock)[0]![1]?.body))).toEqual({
      userId: 'c1',
      reason: 'Asked for my phone number',
    });
    const refreshed = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(refreshed).toEqual(
      expect.arrayContaining(['blocks', 'wallet', 'appointments', 'written-readings', 'sessions', 'profile']),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it(`holds a reason over ${BLOCK_REASON_MAX_CHARS} characters beside the field, and sends nothing`, async () => {
    const fetchMock = fakeServer([]);
    renderWithClient(<BlockButton userId="c1" name="Maya Rivers" theirRole="client" />);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Private reason (optional)'), {
      target: { value: 'x'.repeat(BLOCK_REASON_MAX_CHARS + 1) },
    });
    expect(within(dialog).getByText(`${BLOCK_REASON_MAX_CHARS + 1} / ${BLOCK_REASON_MAX_CHARS}`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      `A reason is at most ${BLOCK_REASON_MAX_CHARS} characters`,
    );
    expect(within(dialog).getByLabelText('Private reason (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("shows the server's refusal in the dialog: a field's beside it, any other below the form", async () => {
    const fetchMock = fakeServer([], {
      'POST /api/blocks': () =>
        json(400, {
          error: {
            code: 'VALIDATION',
            message: 'Check the form',
            fields: { reason: 'A reason is at most 500 characters' },
          },
        }),
    });
    renderWithClient(<BlockButton userId="c1" name="Maya Rivers" theirRole="client" />);
    let dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A reason is at most 500 characters');

    fetchMock.mockImplementation(async (_input: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json(400, {
            error: {
              code: 'VALIDATION',
              message: 'You cannot block an admin.',
              fields: { userId: 'You cannot block an admin.' },
            },
          })
        : json(200, { blocks: [] }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You cannot block an admin.');
    expect(within(dialog).getByRole('button', { name: 'Block' })).toHaveProperty('disabled', false);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('offers Unblock instead when the person is blocked already', async () => {
    fakeServer([maya], { 'DELETE /api/blocks/c1': () => json(204) });
    renderWithClient(<BlockButton userId="c1" name="Maya Rivers" theirRole="client" />);
    const dialog = await openDialog();
    expect(await within(dialog).findByText('You blocked Maya Rivers on Mar 2, 2026.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('You unblocked Maya Rivers'));
  });

  it('is not offered beside someone a reader cannot block (another reader) or beside themself', () => {
    fakeServer([]);
    renderWithClient(
      <>
        <BlockButton userId="r2" name="Luna" theirRole="reader" />
        <BlockButton userId="r1" name="Selene Moon" theirRole="client" />
      </>,
    );
    expect(screen.queryByRole('button', { name: /^Block/ })).toBeNull();
  });
});

describe('the blocked people list', () => {
  it('lists each block with its role, date and private reason, and unblocks one', async () => {
    const luna: Block = {
      userId: 'c2',
      name: 'Luna Park',
      avatarUrl: null,
      role: 'client',
      reason: null,
      createdAt: '2026-03-01T10:00:00.000Z',
    };
    const blocks = [maya, luna];
    const fetchMock = fakeServer(blocks, {
      'DELETE /api/blocks/c1': () => {
        blocks.splice(0, 1);
        return json(204);
      },
    });
    renderWithClient(<BlockedPeopleCard />);
    const rows = await screen.findAllByTestId('blocked-person');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Maya Rivers');
    expect(rows[0]!.textContent).toContain('Client');
    expect(rows[0]!.textContent).toContain('Blocked Mar 2, 2026');
    expect(rows[0]!.textContent).toContain('“Rude in two readings”');

    fireEvent.click(screen.getByRole('button', { name: 'Unblock Maya Rivers' }));
    await waitFor(() => expect(screen.getAllByTestId('blocked-person')).toHaveLength(1));
    expect(screen.queryByText('Maya Rivers')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/blocks/c1', expect.objectContaining({ method: 'DELETE' }));
    expect(toast.success).toHaveBeenCalledWith('You unblocked Maya Rivers');
  });

  it('says so when nobody is blocked, and tells of a failed unblock', async () => {
    fakeServer([]);
    renderWithClient(<BlockedPeopleCard />);
    expect((await screen.findByTestId('blocked-empty')).textContent).toContain('You have not blocked anyone.');
    cleanup();

    fakeServer([maya], {
      'DELETE /api/blocks/c1': () =>
        json(500, { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }),
    });
    renderWithClient(<BlockedPeopleCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock Maya Rivers' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not unblock Maya Rivers', {
        description: 'Something went wrong on our side.',
      }),
    );
    expect(screen.getAllByTestId('blocked-person')).toHaveLength(1);
  });
});

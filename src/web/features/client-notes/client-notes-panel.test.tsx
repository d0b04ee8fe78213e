// @vitest-environment jsdom
import type { ClientNote } from '@shared/client-notes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { ClientNotesPanel } from './client-notes-panel';

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const LIST = '/api/readers/me/clients/c1/notes';

const older: ClientNote = {
  id: 'n1',
  text: 'Lost her father last spring.',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-04T09:00:00.000Z',
};
const newer: ClientNote = {
  id: 'n2',
  text: 'Prefers tarot to oracle cards.',
  createdAt: '2026-03-05T18:30:00.000Z',
  updatedAt: '2026-03-05T18:30:00.000Z',
};

/** The notes endpoints over one list, newest first; `refuse` answers a write with that error instead. */
function fakeServer(
  notes: ClientNote[],
  options: { listStatus?: number; refuse?: { status: number; body: unknown } } = {},
) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && input === LIST) {
      return options.listStatus
        ? json(options.listStatus, { error: { code: 'X', message: 'The notes are resting.' } })
        : json(200, { notes });
    }
    if (options.refuse) return json(options.refuse.status, options.refuse.body);
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    if (method === 'POST' && input === LIST) {
      const note = {
        id: `n${notes.length + 10}`,
        text: body.text.trim(),
        createdAt: '2026-03-06T12:00:00.000Z',
        updatedAt: '2026-03-06T12:00:00.000Z',
      };
      notes.unshift(note);
      return json(201, note);
    }
    const id = input.split('/').pop();
    const index = notes.findIndex((note) => note.id === id);
    if (method === 'PATCH') {
      notes[index] = { ...notes[index]!, text: body.text.trim(), updatedAt: '2026-03-06T12:00:00.000Z' };
      return json(200, notes[index]);
    }
    notes.splice(index, 1);
    return json(204);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ClientNotesPanel clientId="c1" clientName="Maya" />
    </QueryClientProvider>,
  );
}

const texts = () => screen.getAllByTestId('client-note').map((row) => row.querySelector('p')?.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ClientNotesPanel', () => {
  it('lists the notes newest first, dated, an edited one marked, and says plainly who sees them', async () => {
    fakeServer([newer, older]);
    renderPanel();
    expect(screen.getByRole('status', { name: 'Loading notes' })).toBeTruthy();
    await screen.findAllByTestId('client-note');
    expect(texts()).toEqual(['Prefers tarot to oracle cards.', 'Lost her father last spring.']);
    const [first, second] = screen.getAllByTestId('client-note');
    expect(first!.textContent).toMatch(/Mar 5, 2026/);
    expect(first!.textContent).not.toContain('Edited');
    expect(second!.textContent).toMatch(/Mar 1, 2026.* · Edited/);
    expect(screen.getByText('Only you can see these notes.')).toBeTruthy();
  });

  it('adds a note with a running count, refusing an empty or too long one beside the field', async () => {
    const fetchMock = fakeServer([older]);
    renderPanel();
    await screen.findAllByTestId('client-note');
    const field = screen.getByLabelText('New note');
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Write a note');

    fireEvent.change(field, { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByText('2,001 / 2,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('A note is at most 2,000 characters'));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'Birthday in March.' } });
    expect(screen.getByText('18 / 2,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(texts()).toEqual(['Birthday in March.', 'Lost her father last spring.']));
    expect((field as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal beside the field", async () => {
    fakeServer([], {
      refuse: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Check the form',
            fields: { text: 'A note is at most 2,000 characters' },
          },
        },
      },
    });
    renderPanel();
    expect(await screen.findByTestId('client-notes-empty')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New note'), { target: { value: 'Too long, says the server' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A note is at most 2,000 characters');
    expect(screen.getByLabelText('New note').getAttribute('aria-invalid')).toBe('true');
  });

  it('edits a note in place and marks it edited', async () => {
    const fetchMock = fakeServer([newer]);
    renderPanel();
    const row = (await screen.findAllByTestId('client-note'))[0]!;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const field = within(row).getByLabelText('Edit note');
    expect((field as HTMLTextAreaElement).value).toBe('Prefers tarot to oracle cards.');
    fireEvent.change(field, { target: { value: 'Prefers tarot; dislikes pendulums.' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(texts()).toEqual(['Prefers tarot; dislikes pendulums.']));
    expect(screen.getByTestId('client-note').textContent).toContain('Edited');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/readers/me/notes/n2',
      expect.objectContaining({
        method: 'PATCH',
        body: JSON.stringify({ text: 'Prefers tarot; dislikes pendulums.' }),
      }),
    );
  });

  it('deletes a note only once confirmed', async () => {
    const fetchMock = fakeServer([newer, older]);
    renderPanel();
    const row = (await screen.findAllByTestId('client-note'))[0]!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Keep' }));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(within(row).getByText('Delete this note?')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(texts()).toEqual(['Lost her father last spring.']));
    expect(fetchMock).toHaveBeenCalledWith('/api/readers/me/notes/n2', expect.objectContaining({ method: 'DELETE' }));
    expect(toast.success).toHaveBeenCalledWith('Note deleted');
  });

  it('never leaves a blank area: a failed load says so with Retry, and someone who never came is explained', async () => {
    fakeServer([], { listStatus: 500 });
    renderPanel();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load your notes.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    cleanup();

    fakeServer([], { listStatus: 404 });
    renderPanel();
    expect(
      await screen.findByText('You can keep notes on Maya once they ask you for a reading, book one or write to you.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('New note')).toBeNull();
  });
});

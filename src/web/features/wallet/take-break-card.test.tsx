// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TakeBreakCard } from './take-break-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** GET and POST /api/wallet/break: `endsAt` is the break in force, and a POST starts one. */
function fakeServer(startsWith: string | null) {
  const taken: unknown[] = [];
  let endsAt = startsWith;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname !== '/api/wallet/break')
        return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
      if (init?.method === 'POST') {
        taken.push(JSON.parse(String(init.body)));
        endsAt = '2027-01-01T12:00:00.000Z';
        return json(200, { endsAt });
      }
      return json(200, { endsAt });
    }),
  );
  return taken;
}

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TakeBreakCard />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TakeBreakCard', () => {
  it('asks once more, naming what stops and that it cannot be ended early, before it takes the break', async () => {
    const taken = fakeServer(null);
    renderCard();
    fireEvent.change(await screen.findByLabelText('Length'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take a break' }));
    expect(taken).toEqual([]);
    expect(screen.getByRole('alert').textContent).toContain('you cannot end the break early');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, take the break' }));
    await waitFor(() => expect(taken).toEqual([{ days: 30 }]));
    expect(await screen.findByTestId('break-in-force')).toBeTruthy();
  });

  it('says when a break in force ends and offers only to make it longer', async () => {
    fakeServer('2026-12-24T09:00:00.000Z');
    renderCard();
    expect((await screen.findByTestId('break-in-force')).textContent).toContain('cannot be ended early');
    expect(screen.getByLabelText('Make it last')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make my break longer' })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import type { Appointment, AppointmentList } from '@shared/appointments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppointmentsTab } from './appointments-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MINUTE = 60_000;
const appointment = (overrides: Partial<Appointment> = {}): Appointment => {
  const startsAt = Date.now() + 3 * 60 * MINUTE;
  return {
    id: 'a1',
    clientId: 'c1',
    clientName: 'Ana Client',
    readerId: 'r1',
    readerName: 'Selene Moon',
    readerUsername: 'selene',
    sessionType: 'chat',
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(startsAt + 30 * MINUTE).toISOString(),
    minutes: 30,
    ratePerMinuteCents: 299,
    priceCents: 8970,
    status: 'pending',
    answerBy: new Date(startsAt - 15 * MINUTE).toISOString(),
    cancelledBy: null,
    feeCents: 0,
    createdAt: new Date().toISOString(),
    settledAt: null,
    clientJoinedAt: null,
    readerJoinedAt: null,
    sessionId: null,
    ...overrides,
  };
};

/** The list the tab loads, and every POST it makes (answered with the appointment it names, updated by `after`). */
function stubApi(list: AppointmentList, after: Partial<Appointment> = {}) {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'POST') posts.push(path);
      const body = init.method === 'POST' ? { ...list.appointments[0], ...after } : list;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return posts;
}

function renderTab(side: 'client' | 'reader') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AppointmentsTab viewerId={side === 'client' ? 'c1' : 'r1'} side={side} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AppointmentsTab', () => {
  it('lets the reader accept a pending appointment and shows how many they missed', async () => {
    const posts = stubApi({ appointments: [appointment()], missedByReaderCount: 2 }, { status: 'accepted' });
    renderTab('reader');
    const row = await screen.findByTestId('appointment-row');
    expect(row.textContent).toContain('With Ana Client');
    expect(row.textContent).toContain('Waiting for the reader');
    expect(screen.getByText(/Missed by you so far: 2\./)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posts).toEqual(['/api/appointments/a1/accept']));
  });

  it("tells the client a late cancellation costs half before it is sent, and offers 'Join' from 5 minutes before the start", async () => {
    const soon = Date.now() + 4 * MINUTE;
    const posts = stubApi(
      {
        appointments: [
          appointment({ id: 'a1', status: 'accepted' }),
          appointment({
            id: 'a2',
            status: 'accepted',
            startsAt: new Date(soon).toISOString(),
            endsAt: new Date(soon + 15 * MINUTE).toISOString(),
            minutes: 15,
          }),
        ],
        missedByReaderCount: 0,
      },
      { status: 'cancelled', cancelledBy: 'client', feeCents: 4485 },
    );
    renderTab('client');
    const [later, next] = await screen.findAllByTestId('appointment-row');
    expect(within(later!).queryByRole('button', { name: 'Join' })).toBeNull();
    expect(within(next!).getByRole('button', { name: 'Join' })).toBeTruthy();
    fireEvent.click(within(later!).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    expect(dialog.textContent).toContain('Less than 12 hours ahead: half the price goes to the reader.');
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(posts).toEqual(['/api/appointments/a1/cancel']));
  });
});

// @vitest-environment jsdom
import type { NotificationPreferences } from '@shared/notification-preferences';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreferencesForm } from './preferences-form';

const saved: NotificationPreferences = {
  channels: {
    reading_request: { push: true },
    queue_offer: { push: true },
    appointment_reminder: { push: true },
    written_reading_asked: { inApp: true, push: true },
    written_reading_answered: { inApp: true, email: true, push: true },
    written_reading_refunded: { inApp: true, push: true },
    payout_paid: { email: true, push: true },
    reader_online: { inApp: true, push: false },
    stream_live: { inApp: true, push: false },
    promotion: { inApp: false, email: false, push: false },
  },
  quietHours: null,
  timeZone: 'UTC',
  pushPublicKey: null,
};

// Radix's Switch measures its thumb; jsdom has no layout to observe.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function renderForm(role: string) {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  const fetchMock = vi.fn(
    async (_input: string, init?: RequestInit) =>
      new Response(init?.body as string, { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PreferencesForm saved={saved} role={role} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PreferencesForm', () => {
  it('lists only the notices that can reach the person’s role', () => {
    renderForm('reader');
    const rows = screen.getAllByRole('rowheader').map((row) => row.textContent);
    expect(rows).toEqual([
      'A client requests a reading',
      'An appointment starts soon',
      'A new question by message',
      'A payout is paid',
      'A followed reader goes live',
    ]);
  });

  it('saves every shown choice with the quiet hours and this device’s zone', async () => {
    const fetchMock = renderForm('client');
    fireEvent.click(screen.getByRole('switch', { name: 'A favorite reader comes online: Push' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/notifications/preferences');
    expect(init?.method).toBe('PUT');
    const body = JSON.parse(init?.body as string);
    expect(body.channels.reader_online).toEqual({ inApp: true, push: true });
    expect(body.channels.written_reading_answered).toEqual({ inApp: true, email: true, push: true });
    expect(body.quietHours).toEqual({ start: '22:00', end: '07:00' });
    expect(body.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

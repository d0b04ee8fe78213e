// @vitest-environment jsdom
import { SERVER_EVENTS, type SessionRequestEvent } from '@shared/realtime';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disconnectSocket } from '@/lib/socket';
import { connectFakeSocket, FakeSocket } from '../../../../tests/unit/fake-socket';
import { IncomingRequestDialog } from './incoming-request-dialog';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const requestFrom = (sessionId: string, sessionType: SessionRequestEvent['sessionType']): SessionRequestEvent => ({
  sessionId,
  clientId: 'ada',
  clientName: 'Ada Seeker',
  sessionType,
  ratePerMinuteCents: 299,
  expiresAt: new Date(Date.now() + 60_000).toISOString(),
});

const renderDialog = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <IncomingRequestDialog readerId="kai" />
      </MemoryRouter>
    </QueryClientProvider>,
  );

let socket: FakeSocket;
beforeEach(() => {
  socket = new FakeSocket();
  connectFakeSocket(socket);
});
afterEach(() => {
  cleanup();
  disconnectSocket();
  vi.unstubAllGlobals();
});

describe('IncomingRequestDialog', () => {
  it('keeps a new request that arrives while the decline of the one before is still on its way', async () => {
    let answerDecline: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        if (input.startsWith('/api/sessions/respond'))
          return new Promise<Response>((resolve) => (answerDecline = resolve));
        return json({ sessions: [] });
      }),
    );
    renderDialog();
    act(() => socket.serverSends(SERVER_EVENTS.sessionRequest, requestFrom('s1', 'chat')));
    const first = await screen.findByRole('dialog', { name: 'New reading request' });
    expect(first.textContent).toContain('Ada Seeker would like a chat reading');
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));

    // Ada heard the decline and asked again (audio now) before the reader's page had the decline's answer.
    act(() => socket.serverSends(SERVER_EVENTS.sessionRequest, requestFrom('s2', 'audio')));
    await vi.waitFor(() =>
      expect(screen.getByRole('dialog').textContent).toContain('Ada Seeker would like an audio reading'),
    );
    await act(async () => answerDecline(json({ ok: true })));

    expect(screen.getByRole('dialog', { name: 'New reading request' }).textContent).toContain('an audio reading');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('opens on Accept and is answered only by its buttons: Escape and a click beside it decline nothing', async () => {
    const fetch = vi.fn(async (_input: string) => json({ sessions: [] }));
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    act(() => socket.serverSends(SERVER_EVENTS.sessionRequest, requestFrom('s1', 'video')));
    const dialog = await screen.findByRole('dialog', { name: 'New reading request' });
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept' })));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.pointerDown(document.body);

    expect(screen.getByRole('dialog', { name: 'New reading request' })).toBe(dialog);
    expect(fetch.mock.calls.filter(([url]) => url.startsWith('/api/sessions/respond'))).toEqual([]);
  });
});

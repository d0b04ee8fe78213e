// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectFakeSocket, FakeSocket } from '../../../tests/unit/fake-socket';
import { disconnectSocket, useSocketConnected, useSocketEvent } from './socket';

let fake: FakeSocket;

beforeEach(() => {
  fake = new FakeSocket();
});
afterEach(() => {
  disconnectSocket();
  cleanup();
  vi.useRealTimers();
});

describe('the realtime connection', () => {
  it('hands a connect and an event that come before any render to the handlers already mounted', async () => {
    const heard: unknown[] = [];
    renderHook(() => {
      useSocketConnected(() => heard.push('connect'));
      useSocketEvent('wallet_updated', (payload) => heard.push(payload));
    });
    await connectFakeSocket(fake);
    // Both arrive in the same task as the connection itself: no render has happened in between.
    fake.connected = true;
    fake.emitReserved('connect');
    fake.serverSends('wallet_updated', { balanceCents: 2500 });
    expect(heard).toEqual(['connect', { balanceCents: 2500 }]);
  });

  it('stops handing events to a handler once its component is gone', async () => {
    const heard: unknown[] = [];
    const { unmount } = renderHook(() => useSocketEvent('wallet_updated', (payload) => heard.push(payload)));
    await connectFakeSocket(fake);
    unmount();
    fake.serverSends('wallet_updated', { balanceCents: 100 });
    expect(heard).toEqual([]);
  });

  it('tries again after the server refused it, waiting longer each time, until signed out', async () => {
    vi.useFakeTimers();
    await act(() => connectFakeSocket(fake));
    expect(fake.connects).toBe(1);
    const refuse = () => {
      fake.active = false;
      fake.emitReserved('connect_error', new Error('unauthorized'));
    };
    refuse();
    vi.advanceTimersByTime(1999);
    expect(fake.connects).toBe(1);
    vi.advanceTimersByTime(1);
    expect(fake.connects).toBe(2);
    refuse();
    vi.advanceTimersByTime(3999);
    expect(fake.connects).toBe(2);
    vi.advanceTimersByTime(1);
    expect(fake.connects).toBe(3);
    // A lost connection Socket.IO retries by itself (still active): nothing more from us.
    fake.active = true;
    fake.emitReserved('connect_error', new Error('timeout'));
    vi.advanceTimersByTime(60_000);
    expect(fake.connects).toBe(3);
    refuse();
    disconnectSocket();
    vi.advanceTimersByTime(60_000);
    expect(fake.connects).toBe(3);
  });
});

// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '@/lib/socket';
import { toast } from '@/lib/toast';
import { testReadingSession } from '../../../../tests/unit/test-reading-session';
import { useRoomMembership } from './use-room-membership';

const session = testReadingSession({ status: 'active', endedAt: null, endReason: null });

/** A connected socket whose join acknowledgements are given by `answers`, one a try. */
function fakeSocket(answers: (() => Promise<unknown>)[]) {
  const joins: unknown[] = [];
  const socket = {
    connected: true,
    on: vi.fn(),
    off: vi.fn(),
    emit: vi.fn(),
    timeout: () => ({
      emitWithAck: (_event: string, payload: unknown) => {
        joins.push(payload);
        const answer = answers.shift();
        return answer ? answer() : new Promise(() => {});
      },
    }),
  };
  return { socket: socket as unknown as AppSocket, joins };
}

/** Stable, as the page's own is (a module function): a new one each render would join again. */
const describeError = (error: unknown) => (error instanceof Error ? error.message : undefined);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the reading room’s membership', () => {
  it('joins again when a join was not answered in time, instead of staying Pending', async () => {
    const { socket, joins } = fakeSocket([
      () => Promise.reject(new Error('operation has timed out')),
      async () => ({ session }),
    ]);
    const onJoined = vi.fn();
    const { result } = renderHook(() =>
      useRoomMembership({
        socket,
        sessionId: 's1',
        isReadyToJoin: true,
        call: null,
        onJoined,
        describe: describeError,
      }),
    );
    await act(async () => {});
    expect(result.current).toBe(false);
    expect(joins).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(joins).toHaveLength(2);
    expect(result.current).toBe(true);
    expect(onJoined).toHaveBeenCalledWith(session);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('stops and says so when the server refuses the join for good', async () => {
    const { socket, joins } = fakeSocket([
      async () => ({ ok: false, error: { code: 'FORBIDDEN', message: 'Access denied' } }),
    ]);
    const onJoined = vi.fn();
    const { result } = renderHook(() =>
      useRoomMembership({
        socket,
        sessionId: 's1',
        isReadyToJoin: true,
        call: null,
        onJoined,
        describe: describeError,
      }),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(joins).toHaveLength(1);
    expect(result.current).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Failed to start session', { description: 'Access denied' });
  });
});

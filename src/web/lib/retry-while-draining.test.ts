import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { retryWhileDraining } from './retry-while-draining';

const draining = () => new ApiError(503, 'SERVER_DRAINING', 'Soul Tribe is restarting. Please try again in a moment.');

describe('a call a draining node refused (503 SERVER_DRAINING)', () => {
  it('is made again until a node takes it, 1 s then 2 s apart, and its answer is returned', async () => {
    const call = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(draining())
      .mockRejectedValueOnce(draining())
      .mockResolvedValue('s1');
    const waits: number[] = [];
    await expect(retryWhileDraining(call, async (ms) => void waits.push(ms))).resolves.toBe('s1');
    expect(call).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('gives up after 15 s with the server message', async () => {
    const call = vi.fn(async () => {
      throw draining();
    });
    const waits: number[] = [];
    await expect(retryWhileDraining(call, async (ms) => void waits.push(ms))).rejects.toMatchObject({
      status: 503,
      code: 'SERVER_DRAINING',
    });
    expect(call).toHaveBeenCalledTimes(6);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBe(15_000);
  });

  it('is not made again after any other failure', async () => {
    const call = vi.fn(async () => {
      throw new ApiError(503, 'INTERNAL', 'Something went wrong.');
    });
    await expect(retryWhileDraining(call, async () => undefined)).rejects.toMatchObject({ code: 'INTERNAL' });
    expect(call).toHaveBeenCalledTimes(1);
  });
});

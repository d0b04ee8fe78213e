import { describe, expect, it } from 'vitest';
import { sessionDetailsPath } from '@/lib/paths';
import { sessionIdFromPath } from './session-route';

describe('sessionIdFromPath', () => {
  it('reads the id of a details URL, the inverse of sessionDetailsPath', () => {
    expect(sessionIdFromPath('/dashboard/sessions/abc-123')).toBe('abc-123');
    expect(sessionIdFromPath(sessionDetailsPath('a b/c'))).toBe('a b/c');
    expect(sessionIdFromPath('/dashboard/sessions/abc/')).toBe('abc');
  });

  it('is null on the list and elsewhere, and for an address that does not decode', () => {
    expect(sessionIdFromPath('/dashboard/sessions')).toBeNull();
    expect(sessionIdFromPath('/dashboard/sessions/')).toBeNull();
    expect(sessionIdFromPath('/dashboard/wallet')).toBeNull();
    expect(sessionIdFromPath('/dashboard/sessions/%E0%A4%A')).toBeNull();
  });
});

import { readEnvelope } from '@shared/live-media-signal';
import { describe, expect, it } from 'vitest';
import { PeerTable } from './peer-table';

describe('PeerTable', () => {
  it('offers under the cap and answers full at it', () => {
    const table = new PeerTable<string>(2);
    expect(table.decide('a')).toEqual({ kind: 'offer', replaces: false });
    table.set('a', 'w1', 'pc-a');
    table.set('b', 'w1', 'pc-b');
    expect(table.decide('c')).toEqual({ kind: 'full' });
    table.delete('b');
    expect(table.decide('c')).toEqual({ kind: 'offer', replaces: false });
  });

  it('serves a viewer who watches again in its old place, not a new one', () => {
    const table = new PeerTable<string>(1);
    table.set('a', 'w1', 'pc-1');
    expect(table.decide('a')).toEqual({ kind: 'offer', replaces: true });
    table.set('a', 'w2', 'pc-2');
    expect(table.size).toBe(1);
  });

  it("hands signals only to the watch a peer is on now, and an old connection's close leaves its successor", () => {
    const table = new PeerTable<string>(4);
    table.set('a', 'w1', 'pc-1');
    table.set('a', 'w2', 'pc-2');
    expect(table.current('a', 'w1')).toBeUndefined();
    expect(table.current('a', 'w2')).toBe('pc-2');
    expect(table.delete('a', 'pc-1')).toBe(false);
    expect(table.get('a')).toBe('pc-2');
    expect(table.delete('a', 'pc-2')).toBe(true);
    expect(table.size).toBe(0);
  });
});

describe('readEnvelope', () => {
  it('reads a watch id with its payload and rejects anything else', () => {
    expect(readEnvelope({ watchId: 'w1', payload: { type: 'offer', sdp: 'v=0' } })).toEqual({
      watchId: 'w1',
      payload: { type: 'offer', sdp: 'v=0' },
    });
    expect(readEnvelope({ watchId: '' })).toBeNull();
    expect(readEnvelope('w1')).toBeNull();
    expect(readEnvelope(undefined)).toBeNull();
  });
});

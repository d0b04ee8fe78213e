import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { turnIceServers } from './turn-credentials';

const turn = {
  urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
  secret: 'north-star-secret-123',
  ttlSeconds: 21_600,
};

describe('TURN credentials (coturn use-auth-secret)', () => {
  it('names the caller and the expiry, and signs the name as coturn checks it', () => {
    const servers = turnIceServers(turn, 'user-1', 1_700_000_000_400);
    // `printf %s 1700021600:user-1 | openssl dgst -sha1 -hmac north-star-secret-123 -binary | base64`
    expect(servers).toEqual([
      {
        urls: 'turn:turn.example.com:3478?transport=udp',
        username: '1700021600:user-1',
        credential: 'QwKccpULSzM3v9qItbhDXxKBUxM=',
      },
      {
        urls: 'turns:turn.example.com:5349',
        username: '1700021600:user-1',
        credential: 'QwKccpULSzM3v9qItbhDXxKBUxM=',
      },
    ]);
  });

  it('gives each person a credential of their own, that ends TURN_TTL_S after it was given', () => {
    const [mine] = turnIceServers(turn, 'user-1', 1_700_000_000_000);
    const [theirs] = turnIceServers(turn, 'user-2', 1_700_000_000_000);
    expect(mine!.credential).not.toBe(theirs!.credential);
    const [later] = turnIceServers({ ...turn, ttlSeconds: 3600 }, 'user-1', 1_700_000_000_000);
    expect(later!.username).toBe('1700003600:user-1');
    expect(later!.credential).toBe(createHmac('sha1', turn.secret).update('1700003600:user-1').digest('base64'));
  });
});

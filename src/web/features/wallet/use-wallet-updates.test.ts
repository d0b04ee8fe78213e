import type { Profile } from '@shared/auth';
import { SERVER_EVENTS, walletUpdatedEventSchema } from '@shared/realtime';
import { describe, expect, it } from 'vitest';
import { applyWalletUpdate, BILLING_UPDATE_EVENT, WALLET_UPDATED_EVENT } from './use-wallet-updates';

const profile: Profile = {
  id: 'u1',
  email: 'luna@example.com',
  fullName: 'Luna',
  avatarUrl: null,
  role: 'client',
  walletBalanceCents: 5000,
  creditCents: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('applyWalletUpdate', () => {
  it('replaces the cached balance with the pushed one', () => {
    expect(applyWalletUpdate(profile, { balanceCents: 2599 })?.walletBalanceCents).toBe(2599);
  });

  it('ignores malformed payloads', () => {
    expect(applyWalletUpdate(profile, { balanceCents: -1 })).toBe(profile);
    expect(applyWalletUpdate(profile, { balanceCents: 1.5 })).toBe(profile);
    expect(applyWalletUpdate(profile, { balance: 10 })).toBe(profile);
    expect(applyWalletUpdate(profile, null)).toBe(profile);
  });

  it('leaves a signed-out cache alone', () => {
    expect(applyWalletUpdate(null, { balanceCents: 100 })).toBeNull();
  });
});

describe('the wallet_updated contract', () => {
  it('listens to the event the server emits and accepts what its schema accepts', () => {
    expect(WALLET_UPDATED_EVENT).toBe(SERVER_EVENTS.walletUpdated);
    expect(BILLING_UPDATE_EVENT).toBe(SERVER_EVENTS.billingUpdate);
    for (const payload of [{ balanceCents: 0 }, { balanceCents: 5000 }]) {
      expect(walletUpdatedEventSchema.safeParse(payload).success).toBe(true);
      expect(applyWalletUpdate(profile, payload)?.walletBalanceCents).toBe(payload.balanceCents);
    }
  });
});

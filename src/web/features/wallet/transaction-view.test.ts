import type { WalletTransaction } from '@shared/wallet';
import { describe, expect, it } from 'vitest';
import { counterpartLabel, formatSignedCents, transactionTitle } from './transaction-view';

const transaction = (overrides: Partial<WalletTransaction>): WalletTransaction => ({
  id: '1',
  kind: 'session_charge',
  amountCents: -299,
  counterpart: { type: 'session', id: 's1', name: 'Selene Moon' },
  reference: 'session:s1',
  createdAt: '2026-01-01T00:00:00.000Z',
  minutes: 1,
  sessionType: 'chat',
  ...overrides,
});

describe('transaction view', () => {
  it('signs amounts from the wallet’s side', () => {
    expect(formatSignedCents(2500)).toBe('+$25.00');
    expect(formatSignedCents(-299)).toBe('\u2212$2.99');
  });

  it('names the kind and the counterpart', () => {
    expect(transactionTitle(transaction({}))).toBe('Reading');
    expect(counterpartLabel(transaction({}))).toBe('Reading with Selene Moon');
    expect(counterpartLabel(transaction({ counterpart: { type: 'session', id: 's1' } }))).toBe('Reading session');
    expect(counterpartLabel(transaction({ kind: 'deposit', counterpart: { type: 'payment', name: 'Card payment' } }))).toBe('Card payment');
    expect(counterpartLabel(transaction({ kind: 'payout', counterpart: { type: 'payout', id: 'p1' } }))).toBe('Payout to your bank');
    expect(counterpartLabel(transaction({ kind: 'gift', counterpart: { type: 'reader', id: 'r1', name: 'Aurora' } }))).toBe('Aurora');
  });
});

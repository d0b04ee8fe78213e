import type { WalletTransaction } from '@shared/wallet';
import { describe, expect, it } from 'vitest';
import { counterpartLabel, creditPart, formatSignedCents, transactionTitle } from './transaction-view';

const transaction = (overrides: Partial<WalletTransaction>): WalletTransaction => ({
  id: '1',
  kind: 'session_charge',
  amountCents: -897,
  creditCents: 0,
  counterpart: { type: 'session', id: 's1', name: 'Selene Moon' },
  reference: 'session:s1',
  createdAt: '2026-01-01T00:00:00.000Z',
  minutes: 3,
  sessionType: 'chat',
  ...overrides,
});

describe('transaction view', () => {
  it('signs amounts from the wallet’s side', () => {
    expect(formatSignedCents(2500)).toBe('+$25.00');
    expect(formatSignedCents(-299)).toBe('\u2212$2.99');
  });

  it('names a reading’s line by its type, reader and minutes, and its refund by the reading', () => {
    expect(transactionTitle(transaction({}))).toBe('Chat reading with Selene Moon · 3 min');
    expect(counterpartLabel(transaction({}))).toBeNull();
    expect(transactionTitle(transaction({ sessionType: 'video', minutes: 1 }))).toBe(
      'Video reading with Selene Moon · 1 min',
    );
    expect(transactionTitle(transaction({ sessionType: null, counterpart: { type: 'session', id: 's1' } }))).toBe(
      'Reading · 3 min',
    );
    const refund = transaction({ kind: 'refund', amountCents: 897, minutes: null });
    expect(transactionTitle(refund)).toBe('Refund');
    expect(counterpartLabel(refund)).toBe('Chat reading with Selene Moon');
  });

  it('names other lines by their kind and counterpart', () => {
    const other = (overrides: Partial<WalletTransaction>) =>
      transaction({ minutes: null, sessionType: null, ...overrides });
    expect(transactionTitle(other({ kind: 'deposit', counterpart: { type: 'payment', name: 'Card payment' } }))).toBe(
      'Deposit',
    );
    expect(counterpartLabel(other({ kind: 'deposit', counterpart: { type: 'payment', name: 'Card payment' } }))).toBe(
      'Card payment',
    );
    expect(counterpartLabel(other({ kind: 'payout', counterpart: { type: 'payout', id: 'p1' } }))).toBe(
      'Payout to your bank',
    );
    expect(counterpartLabel(other({ kind: 'gift', counterpart: { type: 'reader', id: 'r1', name: 'Aurora' } }))).toBe(
      'Aurora',
    );
  });
});

describe('creditPart', () => {
  it('says what credit paid of a line, or got back from a refund', () => {
    expect(creditPart(500)).toBe('$5.00 paid with promotional credit');
    expect(creditPart(-150)).toBe('$1.50 back as promotional credit');
  });
});

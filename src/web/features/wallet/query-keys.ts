import type { PayoutStatus } from '@shared/wallet';

/** Query keys of the wallet feature, apart from its schemas so the every-page socket hook stays light. */
export const walletQueryKeys = {
  all: ['wallet'] as const,
  transactions: ['wallet', 'transactions'] as const,
  earnings: ['wallet', 'earnings'] as const,
  frozen: ['wallet', 'frozen'] as const,
  onHold: ['wallet', 'on-hold'] as const,
  paymentsConfig: ['wallet', 'payments-config'] as const,
  depositLimits: ['wallet', 'deposit-limits'] as const,
  readingReminder: ['wallet', 'reading-reminder'] as const,
  payouts: ['wallet', 'payouts'] as const,
  payoutAccount: ['wallet', 'payout-account'] as const,
  cards: ['wallet', 'cards'] as const,
  autoReload: ['wallet', 'auto-reload'] as const,
  cardPayments: (userId: string) => ['wallet', 'card-payments', userId] as const,
  deposit: (depositId: string) => ['wallet', 'deposit', depositId] as const,
  /** Under `payouts`, so invalidating that key refreshes the admin's lists too. */
  payoutsByStatus: (status: PayoutStatus) => ['wallet', 'payouts', status] as const,
};

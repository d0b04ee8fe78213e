import type { PayoutStatus } from '@shared/wallet';

/** Query keys of the wallet feature, apart from its schemas so the every-page socket hook stays light. */
export const walletQueryKeys = {
  all: ['wallet'] as const,
  transactions: ['wallet', 'transactions'] as const,
  /** The wallet's figures without its transactions (GET /api/wallet?limit=1): earnings, holds, a freeze. */
  summary: ['wallet', 'summary'] as const,
  paymentsConfig: ['wallet', 'payments-config'] as const,
  depositLimits: ['wallet', 'deposit-limits'] as const,
  readingReminder: ['wallet', 'reading-reminder'] as const,
  payouts: ['wallet', 'payouts'] as const,
  payoutAccount: ['wallet', 'payout-account'] as const,
  cards: ['wallet', 'cards'] as const,
  autoReload: ['wallet', 'auto-reload'] as const,
  cardPayments: (userId: string) => ['wallet', 'card-payments', userId] as const,
  deposit: (depositId: string) => ['wallet', 'deposit', depositId] as const,
  /** What a promotion code would give on a top-up of `amountCents` (none: the code alone). */
  promotionPreview: (code: string, amountCents: number | null) =>
    ['wallet', 'promotion-preview', code, amountCents] as const,
  welcomeOffer: ['wallet', 'welcome-offer'] as const,
  accountBreak: ['wallet', 'break'] as const,
  referrals: ['wallet', 'referrals'] as const,
  /** Under `payouts`, so invalidating that key refreshes the admin's lists too. */
  payoutsByStatus: (status: PayoutStatus) => ['wallet', 'payouts', status] as const,
};

import {
  type DepositLimits,
  type DepositLimitsUpdate,
  depositLimitsSchema,
  type PaymentsConfig,
  type PayoutDecisionInput,
  type PayoutList,
  type PayoutStatus,
  paymentsConfigSchema,
  payoutListSchema,
  payoutResultSchema,
  type ReadingReminder,
  readingReminderSchema,
  type RequestPayoutInput,
  type Wallet,
  type WalletDepositInput,
  walletDepositResultSchema,
  walletSchema,
  WALLET_PAGE_SIZE_DEFAULT,
} from '@shared/wallet';
import {
  adminCardPaymentListSchema,
  type AutoReload,
  type AutoReloadRequest,
  autoReloadSchema,
  type CheckoutRequest,
  checkoutSessionSchema,
  depositRefundSchema,
  type DepositStatusView,
  depositStatusSchema,
  type SavedCardList,
  savedCardListSchema,
} from '@shared/payments';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestParsed } from '@/lib/api';
import { walletSummary } from './earnings-query';
import { walletQueryKeys } from './query-keys';

export const paymentsConfigQuery = queryOptions({
  queryKey: walletQueryKeys.paymentsConfig,
  queryFn: ({ signal }): Promise<PaymentsConfig> =>
    apiRequestParsed('/api/payments/config', paymentsConfigSchema, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const walletTransactionsQuery = infiniteQueryOptions({
  queryKey: walletQueryKeys.transactions,
  // The first page has no cursor; each next one starts at the cursor the page before answered.
  queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) => {
    const query = new URLSearchParams({
      limit: String(WALLET_PAGE_SIZE_DEFAULT),
      ...(pageParam && { cursor: pageParam }),
    });
    return apiRequestParsed(`/api/wallet?${query}`, walletSchema, { signal });
  },
  initialPageParam: null,
  getNextPageParam: (page) => page.nextCursor,
});

/** Money on hold (docs/decisions/046) and what each part is held for: apart from the balance, not spendable. */
export const walletOnHoldQuery = queryOptions({
  ...walletSummary,
  select: ({ onHoldCents, holds }: Wallet) => ({ onHoldCents, holds }),
});

/** Why the wallet is on hold (an open chargeback), or null: said on the wallet page. */
export const walletFrozenQuery = queryOptions({
  ...walletSummary,
  select: (wallet: Wallet): string | null => wallet.frozenReason ?? null,
});

/** One deposit attempt; the key makes a retry of the same attempt pay at most once. */
export function depositToWallet(input: WalletDepositInput, idempotencyKey: string) {
  return apiRequestParsed('/api/payments/wallet-deposit', walletDepositResultSchema, {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** A deposit paid on Stripe's (or the sandbox's) hosted checkout page: the page to send the person to. */
export function startCheckout(request: CheckoutRequest, idempotencyKey: string) {
  return apiRequestParsed('/api/payments/checkout', checkoutSessionSchema, {
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Cards saved at checkout: each can pay a deposit directly. */
export const savedCardsQuery = queryOptions({
  queryKey: walletQueryKeys.cards,
  queryFn: ({ signal }): Promise<SavedCardList> =>
    apiRequestParsed('/api/payments/cards', savedCardListSchema, { signal }),
});

export function removeSavedCard(cardId: string) {
  return apiRequest(`/api/payments/cards/${encodeURIComponent(cardId)}`, { method: 'DELETE' });
}

/** Charging a saved card when a reading finds the wallet short (issue 28). */
export const autoReloadQuery = queryOptions({
  queryKey: walletQueryKeys.autoReload,
  queryFn: ({ signal }): Promise<AutoReload> =>
    apiRequestParsed('/api/wallet/auto-reload', autoReloadSchema, { signal }),
});

export function updateAutoReload(settings: AutoReloadRequest) {
  return apiRequestParsed('/api/wallet/auto-reload', autoReloadSchema, { method: 'PUT', body: settings });
}

/** The admin's view of a user's card payments, each with what may still be refunded to the card. */
export const cardPaymentsQuery = (userId: string) =>
  queryOptions({
    queryKey: walletQueryKeys.cardPayments(userId),
    queryFn: ({ signal }) =>
      apiRequestParsed(`/api/admin/users/${encodeURIComponent(userId)}/card-payments`, adminCardPaymentListSchema, {
        signal,
      }),
  });

export function refundToCard(depositId: string, amountCents: number) {
  return apiRequestParsed(`/api/admin/deposits/${encodeURIComponent(depositId)}/refund`, depositRefundSchema, {
    method: 'POST',
    body: { amountCents },
  });
}

/** A deposit back from checkout: pending until the provider's webhook has credited it. */
export const depositStatusQuery = (depositId: string) =>
  queryOptions({
    queryKey: walletQueryKeys.deposit(depositId),
    queryFn: ({ signal }): Promise<DepositStatusView> =>
      apiRequestParsed(`/api/payments/deposits/${encodeURIComponent(depositId)}`, depositStatusSchema, { signal }),
    // wallet_updated refreshes it at once; the interval covers a socket that missed the event.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3000 : false),
  });

export const myPayoutsQuery = queryOptions({
  queryKey: walletQueryKeys.payouts,
  queryFn: ({ signal }): Promise<PayoutList> => apiRequestParsed('/api/payouts', payoutListSchema, { signal }),
});

export function requestPayout(input: RequestPayoutInput) {
  return apiRequestParsed('/api/payouts', payoutResultSchema, { method: 'POST', body: input });
}

/** The admin's view: every reader's payouts in one status, newest first. */
export const payoutsByStatusQuery = (status: PayoutStatus) =>
  queryOptions({
    queryKey: walletQueryKeys.payoutsByStatus(status),
    queryFn: ({ signal }): Promise<PayoutList> =>
      apiRequestParsed(`/api/payouts?${new URLSearchParams({ status })}`, payoutListSchema, { signal }),
  });

export function decidePayout(payoutId: string, input: PayoutDecisionInput) {
  return apiRequestParsed(`/api/admin/payouts/${encodeURIComponent(payoutId)}/decision`, payoutResultSchema, {
    method: 'POST',
    body: input,
  });
}

/** The client's spending limits in force and any raise or removal still waiting for its 24 hours. */
export const depositLimitsQuery = queryOptions({
  queryKey: walletQueryKeys.depositLimits,
  queryFn: ({ signal }): Promise<DepositLimits> =>
    apiRequestParsed('/api/wallet/limits', depositLimitsSchema, { signal }),
});

export function updateDepositLimits(update: DepositLimitsUpdate) {
  return apiRequestParsed('/api/wallet/limits', depositLimitsSchema, { method: 'PUT', body: update });
}

export const readingReminderQuery = queryOptions({
  queryKey: walletQueryKeys.readingReminder,
  queryFn: ({ signal }): Promise<ReadingReminder> =>
    apiRequestParsed('/api/wallet/reading-reminder', readingReminderSchema, { signal }),
});

export function updateReadingReminder(reminder: ReadingReminder) {
  return apiRequestParsed('/api/wallet/reading-reminder', readingReminderSchema, { method: 'PUT', body: reminder });
}

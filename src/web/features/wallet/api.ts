import { paymentsApi } from '@shared/api/payments';
import { payoutsApi } from '@shared/api/payouts';
import { walletApi } from '@shared/api/wallet';
import type {
  AutoReload,
  AutoReloadRequest,
  CheckoutRequest,
  DepositStatusView,
  SavedCardList,
} from '@shared/payments';
import {
  type DepositLimits,
  type DepositLimitsUpdate,
  type PaymentsConfig,
  type PayoutDecisionInput,
  type PayoutList,
  type PayoutStatus,
  type ReadingReminder,
  type RequestPayoutInput,
  WALLET_PAGE_SIZE_DEFAULT,
  type Wallet,
  type WalletDepositInput,
} from '@shared/wallet';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { walletSummary } from './earnings-query';
import { walletQueryKeys } from './query-keys';

export const paymentsConfigQuery = queryOptions({
  queryKey: walletQueryKeys.paymentsConfig,
  queryFn: ({ signal }): Promise<PaymentsConfig> => callApi(walletApi.paymentsConfig, {}, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const walletTransactionsQuery = infiniteQueryOptions({
  queryKey: walletQueryKeys.transactions,
  // The first page has no cursor; each next one starts at the cursor the page before answered.
  queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) => {
    return callApi(
      walletApi.get,
      { query: { limit: WALLET_PAGE_SIZE_DEFAULT, cursor: pageParam ?? undefined } },
      { signal },
    );
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
  return callApi(walletApi.deposit, { body: input, headers: { 'idempotency-key': idempotencyKey } });
}

/** A deposit paid on Stripe's (or the sandbox's) hosted checkout page: the page to send the person to. */
export function startCheckout(request: CheckoutRequest, idempotencyKey: string) {
  return callApi(paymentsApi.checkout, { body: request, headers: { 'idempotency-key': idempotencyKey } });
}

/** Cards saved at checkout: each can pay a deposit directly. */
export const savedCardsQuery = queryOptions({
  queryKey: walletQueryKeys.cards,
  queryFn: ({ signal }): Promise<SavedCardList> => callApi(paymentsApi.cards, {}, { signal }),
});

export function removeSavedCard(cardId: string) {
  return callApi(paymentsApi.removeCard, { params: { id: cardId } });
}

/** Charging a saved card when a reading finds the wallet short (decision 039). */
export const autoReloadQuery = queryOptions({
  queryKey: walletQueryKeys.autoReload,
  queryFn: ({ signal }): Promise<AutoReload> => callApi(walletApi.autoReload, {}, { signal }),
});

export function updateAutoReload(settings: AutoReloadRequest) {
  return callApi(walletApi.setAutoReload, { body: settings });
}

/** The admin's view of a user's card payments, each with what may still be refunded to the card. */
export const cardPaymentsQuery = (userId: string) =>
  queryOptions({
    queryKey: walletQueryKeys.cardPayments(userId),
    queryFn: ({ signal }) => callApi(paymentsApi.cardPayments, { params: { id: userId } }, { signal }),
  });

export function refundToCard(depositId: string, amountCents: number) {
  return callApi(paymentsApi.refund, { params: { id: depositId }, body: { amountCents } });
}

/** A deposit back from checkout: pending until the provider's webhook has credited it. */
export const depositStatusQuery = (depositId: string) =>
  queryOptions({
    queryKey: walletQueryKeys.deposit(depositId),
    queryFn: ({ signal }): Promise<DepositStatusView> =>
      callApi(paymentsApi.deposit, { params: { id: depositId } }, { signal }),
    // wallet_updated refreshes it at once; the interval covers a socket that missed the event.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3000 : false),
  });

export const myPayoutsQuery = queryOptions({
  queryKey: walletQueryKeys.payouts,
  queryFn: ({ signal }): Promise<PayoutList> => callApi(payoutsApi.list, {}, { signal }),
});

export function requestPayout(input: RequestPayoutInput) {
  return callApi(payoutsApi.request, { body: input });
}

/** The admin's view: every reader's payouts in one status, newest first. */
export const payoutsByStatusQuery = (status: PayoutStatus) =>
  queryOptions({
    queryKey: walletQueryKeys.payoutsByStatus(status),
    queryFn: ({ signal }): Promise<PayoutList> => callApi(payoutsApi.list, { query: { status } }, { signal }),
  });

export function decidePayout(payoutId: string, input: PayoutDecisionInput) {
  return callApi(payoutsApi.decide, { params: { id: payoutId }, body: input });
}

/** The client's spending limits in force and any raise or removal still waiting for its 24 hours. */
export const depositLimitsQuery = queryOptions({
  queryKey: walletQueryKeys.depositLimits,
  queryFn: ({ signal }): Promise<DepositLimits> => callApi(walletApi.limits, {}, { signal }),
});

export function updateDepositLimits(update: DepositLimitsUpdate) {
  return callApi(walletApi.setLimits, { body: update });
}

export const readingReminderQuery = queryOptions({
  queryKey: walletQueryKeys.readingReminder,
  queryFn: ({ signal }): Promise<ReadingReminder> => callApi(walletApi.readingReminder, {}, { signal }),
});

export function updateReadingReminder(reminder: ReadingReminder) {
  return callApi(walletApi.setReadingReminder, { body: reminder });
}

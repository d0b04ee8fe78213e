/** What other features may use of the wallet: the ledger's accounts, transfers and balances, and its checks. */
export { assertBalanceCoversMinute } from './balance-covers-minute';
export { runDueAutoReloads } from './auto-reload';
export { checkLedger } from './check-ledger';
export {
  chargeCreditFirst,
  chargeManyCreditFirst,
  creditAccountId,
  depositCreditAccounts,
  getSpendableCents,
  getUsableCredit,
  grantCredit,
  MARKETING_ACCOUNT_ID,
  returnCredit,
  revokeDepositCredit,
  spendCreditBeforePayment,
  sweepExpiredCredit,
} from './credit';
export { chargeFromHold, heldForReference, placeHold, releaseHold } from './hold';
export { assertWithinDepositLimits, hasReachedDepositLimit, lockDepositor } from './deposit-limits';
export { openPendingDeposit } from './open-pending-deposit';
export { creditDeposit, type DepositPromotions, depositTransferKey } from './deposit-to-wallet';
export { takeBackToCard } from './take-back';
export { assertWalletMaySpend, walletFrozenReason } from './wallet-freeze';
export { breakEndsAt, offersPausedReason } from './account-break';
export {
  chargeManyWithSplit,
  chargeWithSplit,
  createWallet,
  disputesAccountId,
  earningsAccountId,
  escrowAccountId,
  getBalances,
  getEarnings,
  getUserBalances,
  getWalletBalanceCents,
  holdAccountId,
  IdempotencyConflictError,
  InsufficientFundsError,
  isRevenueAccount,
  lockAccounts,
  REVENUE_ACCOUNT_IDS,
  releaseHeldShare,
  revenueAccountFor,
  SPLIT_LEG_SUFFIX,
  SYSTEM_ACCOUNTS,
  transfer,
  walletAccountId,
} from './ledger';

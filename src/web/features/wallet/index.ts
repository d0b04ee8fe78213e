/** What other features may use of the wallet: adding funds, payouts, the wallet tab and its query keys. */
export { AddFundsButton } from './add-funds-button';
export { AddFundsDialog } from './add-funds-dialog';
export { newIdempotencyKey } from './add-funds-form';
export { AdminPayoutsPanel } from './admin-payouts-panel';
export { autoReloadQuery, readingReminderQuery, requestPayout } from './api';
export { CardPaymentsDialog } from './card-payments-dialog';
export { PayoutAccountCard } from './payout-account-card';
export { PayoutsCard } from './payouts-card';
export { walletCreditQuery } from './promotions-api';
export { walletQueryKeys } from './query-keys';
export { keepReferralCode } from './referral-storage';
export { WalletTab } from './wallet-tab';

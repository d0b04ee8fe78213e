/** What other features may use of payouts: requesting and deciding one, and the Connect events. */
export { decidePayout } from './decide-payout';
export { requestPayout } from './request-payout';
export { connectPayoutAccount, getPayoutAccount, handleAccountUpdated } from './payout-account';
export { payScheduledPayouts, startPayoutSchedule } from './payout-schedule';
export { handleTransferReversed } from './transfer-reversed';

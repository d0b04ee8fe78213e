/** What other features may use of payouts: requesting and deciding one. */
export { decidePayout } from './decide-payout';
export { requestPayout } from './request-payout';

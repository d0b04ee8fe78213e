/** What other features may use of sessions: requesting one, its media config, the rating form. */
export { requestSession, rtcConfigQuery, sessionReceiptQuery } from './api';
export { RatingForm } from './components/rating-form';
export { pendingRequestState } from './pending-request-state';
export { secondsUntil } from './session-logic';

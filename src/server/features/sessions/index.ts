/** What other features may use of sessions: their deps, views, ending one, resuming one after a deposit, the scheduler's pass, and a participant's own steps (the demo reader's). */
export { finishSession } from './billing';
export { endReadingsBetween } from './end-blocked';
export { type MessageLimiter, messagesOf, sendMessage } from './messages';
export type { ProcessLease } from './process-lease';
export { respondToSession } from './respond-to-session';
export { startSession } from './session-actions';
export type { SessionDeps } from './deps';
export { runDueWork } from './scheduler';
export { loadSessionView, selectSessionsWithNames, toReadingSession } from './session-view';
export { resumeAfterDeposit } from './top-up';

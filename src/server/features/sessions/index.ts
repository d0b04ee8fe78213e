/** What other features may use of sessions: their deps, views, ending one, resuming one after a deposit, and the scheduler's pass. */
export { finishSession } from './billing';
export type { SessionDeps } from './deps';
export { runDueWork } from './scheduler';
export { loadSessionView, selectSessionsWithNames, toReadingSession } from './session-view';
export { resumeAfterDeposit } from './top-up';

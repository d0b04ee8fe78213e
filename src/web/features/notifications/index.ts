/** What other features may use of notifications: the follow button. */
export { FollowButton } from './follow-button';

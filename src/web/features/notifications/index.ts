/** What other features may use of notifications: the follow button, and the settings page the dashboard shows. */
export { FollowButton } from './follow-button';
export { NotificationSettingsPage } from './lazy-notification-settings-page';

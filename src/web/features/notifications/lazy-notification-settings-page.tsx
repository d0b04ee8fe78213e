import { lazy } from 'react';

/**
 * The settings page, loaded when opened. Imported lazily through this feature's index instead, it
 * made the index a chunk of its own with the follow button in it, and every visitor's profile
 * fetched the settings page and zod with the button (decision 007's budget caught it: 181 KB).
 */
export const NotificationSettingsPage = lazy(() =>
  import('./notification-settings-page').then((module) => ({ default: module.NotificationSettingsPage })),
);

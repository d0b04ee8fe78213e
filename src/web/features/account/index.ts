/** What other features may use of account: its settings section, banners and query keys. */
export { AccountSection } from './account-section';
export { AdminTwoFactorGate } from './admin-two-factor-gate';
export { accountKeys } from './api';
export { VerifyEmailBanner } from './verify-email-banner';

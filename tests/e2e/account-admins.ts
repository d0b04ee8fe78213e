/** The admin the server ensures for the two-factor spec alone (ADMIN_EMAIL in playwright.config.ts). */
export const E2E_TWO_FACTOR_ADMIN = {
  email: 'second-admin@soultribe.app',
  password: 'second-admin-password-1',
} as const;

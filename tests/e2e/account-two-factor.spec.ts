import { TOTP, URI } from 'otpauth';
import { E2E_TWO_FACTOR_ADMIN } from './account-admins';
import { expect, signInOnPage, test } from './fixtures';

/** What the authenticator app would show now, from the otpauth:// address the set-up offers. */
function codeFrom(totpURI: string): string {
  const otp = URI.parse(totpURI);
  if (!(otp instanceof TOTP)) throw new Error('not a TOTP address');
  return otp.generate();
}

test('an admin sets up two-factor sign-in with a code from the app, then signs in with password and code', async ({
  page,
}) => {
  const admin = E2E_TWO_FACTOR_ADMIN;
  await page.goto('/login');
  await signInOnPage(page, admin.email, admin.password);
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('link', { name: 'Account and security' }).click();
  await expect(page).toHaveURL('/account');

  await page.getByRole('button', { name: 'Set Up Two-Factor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await dialog.getByLabel('Your password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByLabel('Your password', { exact: true })).toHaveAccessibleDescription('Invalid password');
  await dialog.getByLabel('Your password', { exact: true }).fill(admin.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  const totpURI = await dialog.getByTestId('totp-uri').getAttribute('href');
  expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
  await expect(dialog.getByTestId('totp-setup-key')).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await dialog.getByLabel('6-digit code from the app').fill('000000');
  await dialog.getByRole('button', { name: 'Turn On' }).click();
  await expect(dialog.getByLabel('6-digit code from the app')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('6-digit code from the app').fill(codeFrom(totpURI!));
  await dialog.getByRole('button', { name: 'Turn On' }).click();
  await expect(dialog.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  await dialog.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByText('Two-factor sign-in').locator('..').getByText('On', { exact: true })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/login');
  await signInOnPage(page, admin.email, admin.password);
  const second = page.getByRole('form', { name: 'Two-factor sign-in' });
  await expect(second).toBeVisible();
  await expect(page).toHaveURL('/login');
  await second.getByLabel('Authentication code').fill(codeFrom(totpURI!));
  await second.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});

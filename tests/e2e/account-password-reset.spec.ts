import { expect, newUser, signUpOnPage, test } from './fixtures';

test('forgot password: the link from the mailbox sets a new password and signs the person in', async ({ page }) => {
  const user = newUser();
  await page.goto('/signup');
  await signUpOnPage(page, user);
  await expect(page).toHaveURL('/dashboard');
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('form', { name: 'Sign in' }).getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/reset-password');
  const ask = page.getByRole('form', { name: 'Ask for a reset link' });
  await ask.getByLabel('Email').fill(user.email);
  await ask.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('a reset link is on its way')).toBeVisible();

  await page.goto(`/dev/mailbox?to=${encodeURIComponent(user.email)}`);
  const message = page.getByRole('listitem').filter({ hasText: 'Reset your Soul Tribe password' });
  await expect(message).toBeVisible();
  await message.getByRole('link', { name: 'Choose a new password' }).click();

  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const resetUrl = page.url();
  const form = page.getByRole('form', { name: 'Choose a new password' });
  await form.getByLabel('New password', { exact: true }).fill('a-whole-new-pass');
  await form.getByLabel('New password again').fill('not-the-same-pass');
  await form.getByRole('button', { name: 'Save and Sign In' }).click();
  await expect(form.getByLabel('New password again')).toHaveAccessibleDescription('The two passwords do not match');
  await form.getByLabel('New password again').fill('a-whole-new-pass');
  await form.getByRole('button', { name: 'Save and Sign In' }).click();

  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();

  // The link worked once: opened again, it says so.
  await page.context().clearCookies();
  await page.goto(resetUrl);
  const again = page.getByRole('form', { name: 'Choose a new password' });
  await again.getByLabel('New password', { exact: true }).fill('another-new-pass');
  await again.getByLabel('New password again').fill('another-new-pass');
  await again.getByRole('button', { name: 'Save and Sign In' }).click();
  await expect(again.getByRole('alert')).toContainText('expired or was already used');
});

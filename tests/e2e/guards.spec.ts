import { DEMO, expect, signInByApi, signInOnPage, test } from './fixtures';

test('a visitor asking for the dashboard signs in and comes back to it', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard');
  await signInOnPage(page, DEMO.luna.email, DEMO.luna.password);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
});

// A live stream is public (its page asks a visitor to sign in to watch): tests/e2e/live.spec.ts.
test('a visitor asking for a reading is sent to sign in, then back', async ({ page }) => {
  await page.goto('/reading/abc?type=video');
  await expect(page).toHaveURL(/\/login\?redirect=%2Freading%2Fabc%3Ftype%3Dvideo$/);
  await signInOnPage(page, DEMO.luna.email, DEMO.luna.password);
  // A reading link with ?type= names a reader (the prototype's favorites): it opens the request page.
  await expect(page).toHaveURL('/session/abc?type=video');
});

test('the redirect survives switching from sign-in to sign-up', async ({ page }) => {
  await page.goto('/dashboard/wallet');
  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL('/signup?redirect=%2Fdashboard%2Fwallet');
});

test('a signed-in user is sent from /login and /signup to the dashboard', async ({ page }) => {
  await signInByApi(page, DEMO.luna.email, DEMO.luna.password);
  await page.goto('/login');
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/signup');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
});

test('/terms and /privacy open the matching tab of the policies page', async ({ page }) => {
  await page.goto('/terms');
  await expect(page).toHaveURL('/policies?tab=terms');
  await expect(page.getByRole('tab', { name: 'Terms of Service' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/18 years of age or older/)).toBeVisible();

  await page.goto('/privacy');
  await expect(page).toHaveURL('/policies?tab=privacy');
  await expect(page.getByRole('tab', { name: 'Privacy Policy' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('retention-policy')).toContainText(
    'deleted automatically 30 days after they were sent',
  );

  await page.getByRole('tab', { name: 'Community Guidelines' }).click();
  await expect(page).toHaveURL('/policies?tab=guidelines');
  await expect(page.getByText(/suspend an account at once/)).toBeVisible();
  await expect(page.getByText('Last updated: November 23, 2026')).toBeVisible();
});

import { DEMO, expect, newUser, openAccountMenu, signInOnPage, signUpOnPage, submitSignUp, test } from './fixtures';

test('a visitor signs up from the header, signs out and signs in again', async ({ page }) => {
  const user = newUser();
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Get Started' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Join Our Soul Tribe' })).toBeVisible();
  await signUpOnPage(page, user);

  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  await expect(page.getByTestId('wallet-chip')).toHaveText('$0.00');

  const menu = await openAccountMenu(page);
  await expect(menu.getByText(user.name)).toBeVisible();
  await expect(menu.getByText(user.email)).toBeVisible();
  await expect(menu.getByTestId('role-badge')).toHaveText('Client');
  await expect(menu.getByText('Balance: $0.00')).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Dashboard',
    'My Sessions',
    'Wallet',
    'My Orders',
    'Notifications',
    'Sign out',
  ]);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();

  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await signInOnPage(page, user.email, user.password);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
});

test('the signup page creates an account and links to sign-in and the policies', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Join Our Soul Tribe' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('main').getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    '/terms',
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );

  await signUpOnPage(page, newUser());
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
});

test('field errors appear beside the fields they belong to', async ({ page }) => {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Password').fill('short');
  await form.getByRole('button', { name: 'Create Account' }).click();

  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Enter your name');
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
  await expect(form.getByLabel('Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
  await expect(page).toHaveURL('/signup');
});

test('signing up with an email already in use answers as for a new one: check your email', async ({ page }) => {
  await page.goto('/signup');
  await submitSignUp(page, { name: 'Luna Again', email: DEMO.luna.email, password: 'another-password' });
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    `We sent a link to ${DEMO.luna.email}. Open it to finish creating your account: it signs you in.`,
  );
  await expect(page.getByRole('link', { name: 'dev mailbox' })).toHaveAttribute(
    'href',
    `/dev/mailbox?to=${encodeURIComponent(DEMO.luna.email)}`,
  );
  await expect(page).toHaveURL('/signup');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a wrong password shows an error on the form without saying which field was wrong', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await signInOnPage(page, DEMO.luna.email, 'not-her-password');

  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL('/login');
  await expect(form.getByLabel('Email')).toHaveValue(DEMO.luna.email);
});

test('demo accounts land on the dashboard of their role with their balance', async ({ page }) => {
  await page.goto('/login');
  await signInOnPage(page, DEMO.luna.email, DEMO.luna.password);
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  await expect(page.getByTestId('wallet-chip')).toHaveText('$50.00');
  await expect(page.getByRole('button', { name: 'Account menu for Luna Martinez' })).toHaveText('L');

  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/login');
  await signInOnPage(page, DEMO.reader.email, DEMO.reader.password);
  await expect(page.getByRole('heading', { name: 'Reader Dashboard' })).toBeVisible();
  await expect((await openAccountMenu(page)).getByRole('menuitem')).toHaveText([
    'Reader Dashboard',
    'My Sessions',
    'Earnings',
    'Schedule',
    'My Orders',
    'Notifications',
    'Sign out',
  ]);
});

test('the admin lands on the admin dashboard', async ({ page }) => {
  await page.goto('/login');
  await signInOnPage(page, DEMO.admin.email, DEMO.admin.password);
  // The admin dashboard's code loads on this first visit; a busy CI machine can take a while.
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({ timeout: 40_000 });
  const menu = await openAccountMenu(page);
  await expect(menu.getByTestId('role-badge')).toHaveText('Admin');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Admin Dashboard',
    'Users',
    'All Sessions',
    'Analytics',
    'My Orders',
    'Notifications',
    'Sign out',
  ]);
});

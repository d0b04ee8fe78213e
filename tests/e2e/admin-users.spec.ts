import { ACCOUNT_SUSPENDED_MESSAGE } from '../../src/shared/errors';
import { DEMO, expect, newContext, newUser, signInByApi, signInOnPage, signUpOnPage, test } from './fixtures';

test('an admin finds a new user, suspends them (signed out at once, sign-in refused) and restores them', async ({
  page,
  browser,
  baseURL,
}) => {
  const member = newUser();
  // The member has a browser of their own, so their sign-in lives beside the admin's.
  const theirs = await newContext(browser);
  const memberPage = await theirs.newPage();
  await memberPage.goto('/signup');
  await signUpOnPage(memberPage, member);
  await expect(memberPage).toHaveURL(/\/dashboard$/);

  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/dashboard/users');
  const users = page.getByRole('region', { name: 'Users' });
  await users.getByLabel('Search').fill(member.email.toUpperCase());
  await expect(users.getByTestId('admin-user')).toHaveCount(1);
  const row = users.getByTestId('admin-user');
  await expect(row).toContainText(member.name);
  await expect(row).toContainText('Client');
  await expect(row).toContainText('$0.00');
  await expect(row).toContainText('Today');

  await row.getByRole('button', { name: `Suspend ${member.name}` }).click();
  await page.getByRole('dialog', { name: 'Suspend this account?' }).getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText(`${member.name} suspended`)).toBeVisible();
  await expect(row).toContainText('Suspended');

  // Their existing sign-in ended: the API no longer knows them, and the dashboard sends them to sign in.
  expect(await (await memberPage.request.get('/api/auth/profile')).json()).toBeNull();
  await memberPage.reload();
  await expect(memberPage).toHaveURL(/\/login/);
  const refused = await memberPage.request.post('/api/auth/sign-in/email', {
    data: { email: member.email, password: member.password },
    headers: { Origin: baseURL ?? '' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: { code: 'ACCOUNT_SUSPENDED', message: ACCOUNT_SUSPENDED_MESSAGE } });
  await signInOnPage(memberPage, member.email, member.password);
  await expect(memberPage.getByText(ACCOUNT_SUSPENDED_MESSAGE)).toBeVisible();

  await row.getByRole('button', { name: `Restore ${member.name}` }).click();
  await page.getByRole('dialog', { name: 'Restore this account?' }).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(`${member.name} restored`)).toBeVisible();
  await expect(row).not.toContainText('Suspended');

  await signInOnPage(memberPage, member.email, member.password);
  await expect(memberPage).toHaveURL(/\/dashboard$/);
  await expect(memberPage.getByRole('heading', { level: 1 })).toBeVisible();
  await theirs.close();
});

test('the admin stat cards sit above the tabs, and the Users and Sessions tabs keep their URL across a reload', async ({
  page,
}) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/dashboard');
  const stats = page.getByRole('region', { name: 'Platform statistics' });
  for (const label of ['Total Users', 'Total Readers', 'Total Revenue', 'Active Sessions'])
    await expect(stats.getByText(label)).toBeVisible();
  await expect(stats).not.toContainText('+12.5%');

  for (const [tab, path] of [
    ['Users', '/dashboard/users'],
    ['Sessions', '/dashboard/sessions'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await page.reload();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: tab })).toBeVisible();
  }
  await page.getByRole('region', { name: 'Sessions' }).getByLabel('Status').selectOption('completed');
  await expect(
    page
      .getByRole('region', { name: 'Sessions' })
      .getByRole('list', { name: 'Sessions' })
      .or(page.getByText('No completed sessions.')),
  ).toBeVisible();
});

import { randomUUID } from 'node:crypto';
import { DEMO, expect, signInByApi, test } from './fixtures';

test('an admin creates a reader through the dialog, sees them listed, and the reader can sign in', async ({ page, baseURL }) => {
  // Two dialogs filled field by field and a second sign-in: past the 30 s default on a busy machine.
  test.setTimeout(60_000);
  const id = randomUUID().slice(0, 8);
  const reader = { firstName: 'Orion', lastName: `Dialog ${id}`, username: `orion_${id}`, email: `orion-${id}@example.com`, password: `orion-${id}-pass` };

  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: 'Readers' })).toHaveAttribute('aria-selected', 'true');
  const readers = page.getByRole('region', { name: 'Readers' });
  await expect(readers.getByTestId('admin-reader').first()).toBeVisible();

  await readers.getByRole('button', { name: 'Create Reader' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Reader' });
  await dialog.getByRole('button', { name: 'Create Reader' }).click();
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  await expect(dialog.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Add at least one specialty')).toBeVisible();
  await expect(dialog.getByText('Enter a rate')).toHaveCount(3);

  await dialog.getByLabel('Email').fill(reader.email);
  await dialog.getByLabel('Password').fill(reader.password);
  await dialog.getByLabel('First name').fill(reader.firstName);
  await dialog.getByLabel('Last name').fill(reader.lastName);
  await dialog.getByLabel('Username').fill(reader.username);
  await dialog.getByLabel('Years of experience').fill('6');
  await dialog.getByLabel('Chat rate ($/min)').fill('3.99');
  await dialog.getByLabel('Audio rate ($/min)').fill('4.50');
  await dialog.getByLabel('Video rate ($/min)').fill('6');
  await dialog.getByLabel('Profile image URL (optional)').fill(`${baseURL}/favicon.svg`);
  await dialog.getByLabel('Specialties').fill(' Tarot,  Astrology ,');
  await dialog.getByLabel('Bio').fill('Reads the constellations for a living.');
  await dialog.getByRole('button', { name: 'Create Reader' }).click();

  await expect(page.getByText('Reader account created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Newest first: the reader just made heads the list.
  const first = readers.getByTestId('admin-reader').first();
  await expect(first).toContainText(`${reader.firstName} ${reader.lastName}`);
  await expect(first).toContainText(`@${reader.username}`);
  await expect(first).toContainText('Offline');
  await expect(first).toContainText('$3.99/min');
  await expect(first).toContainText('$4.50/min');
  await expect(first).toContainText('$6.00/min');
  // An image of our own: the fixtures fail any request that leaves the site.
  await expect(first.locator('img')).toHaveAttribute('src', `${baseURL}/favicon.svg`);

  // The same username again is refused beside the field, and the dialog stays open.
  await readers.getByRole('button', { name: 'Create Reader' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await dialog.getByLabel('Email').fill(`other-${id}@example.com`);
  await dialog.getByLabel('Password').fill(reader.password);
  await dialog.getByLabel('First name').fill('Other');
  await dialog.getByLabel('Last name').fill('Reader');
  await dialog.getByLabel('Username').fill(reader.username.toUpperCase());
  await dialog.getByLabel('Years of experience').fill('1');
  for (const rate of ['Chat', 'Audio', 'Video']) await dialog.getByLabel(`${rate} rate ($/min)`).fill('2');
  await dialog.getByLabel('Specialties').fill('Tarot');
  await dialog.getByLabel('Bio').fill('A second try.');
  await dialog.getByRole('button', { name: 'Create Reader' }).click();
  await expect(page.getByText('Failed to create reader account')).toBeVisible();
  await expect(dialog.getByText('This username is taken')).toBeVisible();
  await expect(dialog.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.context().clearCookies();
  await signInByApi(page, reader.email, reader.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Reader Dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome back, ${reader.firstName}`)).toBeVisible();
});

test('each admin tab has its own URL, and a reload keeps it', async ({ page }) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Payouts' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payouts$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Payouts' })).toBeVisible();
  await page.getByRole('tab', { name: 'Readers' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Readers' })).toBeVisible();
});

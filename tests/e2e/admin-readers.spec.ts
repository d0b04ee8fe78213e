import { randomUUID } from 'node:crypto';
import { createReaderByApi, ok } from './admin-api';
import { afterFormFocus, DEMO, expect, signInByApi, test } from './fixtures';

test('an admin creates a reader through the dialog, sees them listed, and the reader can sign in', async ({
  page,
  baseURL,
}) => {
  const id = randomUUID().slice(0, 8);
  const reader = {
    firstName: 'Orion',
    lastName: `Dialog ${id}`,
    username: `orion_${id}`,
    email: `orion-${id}@example.com`,
    password: `orion-${id}-pass`,
  };

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
  // Every field's error at once (eleven fields are required), and a second try shows the same ones.
  await expect(dialog.getByRole('alert')).toHaveCount(11);
  await dialog.getByRole('button', { name: 'Create Reader' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(11);

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

test('an admin edits a reader, then deactivates and reactivates them', async ({ page }) => {
  const reader = await createReaderByApi(test.info().project.use.baseURL!, { rateCents: 299, lastName: 'Edit' });
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/dashboard');
  const row = page
    .getByRole('region', { name: 'Readers' })
    .getByTestId('admin-reader')
    .filter({ hasText: reader.email });
  await expect(row).toContainText('$2.99/min');

  await row.getByRole('button', { name: `Edit ${reader.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Reader' });
  await expect(dialog.getByLabel('First name')).toHaveValue('Vega');
  await expect(dialog.getByLabel('Email')).toHaveCount(0);
  await dialog.getByLabel('Chat rate ($/min)').fill('0.5');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Rate must be at least $0.99')).toBeVisible();
  await expect(dialog.getByLabel('Chat rate ($/min)')).toBeFocused();
  await afterFormFocus(page);
  await dialog.getByLabel('First name').fill('Nova');
  await dialog.getByLabel('Chat rate ($/min)').fill('5.25');
  await dialog.getByLabel('Specialties').fill('Tarot, Runes');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  const renamed = reader.name.replace('Vega', 'Nova');
  await expect(page.getByText(`${renamed} updated`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(renamed);
  await expect(row).toContainText('$5.25/min');
  expect(await ok(page.request.get(`/api/readers/${reader.id}`))).toMatchObject({
    firstName: 'Nova',
    chatRateCents: 525,
    specialties: ['Tarot', 'Runes'],
  });

  await row.getByRole('button', { name: `Deactivate ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate this reader?' });
  await expect(confirm).toContainText('billed up to this moment');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(`${renamed} deactivated`)).toBeVisible();
  await expect(row).toContainText('Deactivated');
  // Their live sign-in has ended, signing in is refused, and the directory no longer lists them.
  expect(await ok(reader.api.get('/api/auth/profile'))).toBeNull();
  const refused = await reader.api.post('/api/auth/sign-in/email', {
    data: { email: reader.email, password: reader.password },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: { code: 'ACCOUNT_SUSPENDED' } });
  const directory = await ok(page.request.get('/api/readers'));
  expect(directory.readers.map((listed: { id: string }) => listed.id)).not.toContain(reader.id);

  await row.getByRole('button', { name: `Reactivate ${renamed}` }).click();
  await page
    .getByRole('dialog', { name: 'Reactivate this reader?' })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  await expect(page.getByText(`${renamed} reactivated`)).toBeVisible();
  await expect(row).not.toContainText('Deactivated');
  await expect(row).toContainText('Offline');
  await ok(reader.api.post('/api/auth/sign-in/email', { data: { email: reader.email, password: reader.password } }));
  await reader.api.dispose();
});

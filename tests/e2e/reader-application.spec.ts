import { randomUUID } from 'node:crypto';
import { DEMO, expect, mailedLinkPath, openCheckedContext, signInByApi, test } from './fixtures';

test('a person applies to read, an admin approves, the new reader sets a password from the mail and signs in', async ({
  page,
  browser,
}) => {
  // Three mailed links, each waiting for the mail worker's tick, and two browsers.
  test.setTimeout(180_000);
  const id = randomUUID().slice(0, 8);
  const email = `applicant-${id}@example.com`;
  const lastName = `Vale${id.replace(/\d/g, '')}`;

  await page.goto('/about');
  await page.getByRole('link', { name: 'Become a reader' }).first().click();
  await expect(page).toHaveURL('/apply');
  const form = page.getByRole('form', { name: 'Apply to become a reader' });
  await form.getByLabel('Sample reading').fill('The cards are kind to you.');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.getByLabel('Sample reading')).toHaveAccessibleDescription(
    'A sample reading needs at least 300 characters',
  );
  await expect(form.getByLabel('First name')).toHaveAccessibleDescription('Enter a first name');

  await form.getByLabel('First name').fill('Orion');
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Years of experience').fill('9');
  await form.getByLabel('Specialties').fill('Tarot, Astrology');
  await form.getByLabel('Short bio').fill('I read the cards and the stars, gently and honestly.');
  await form
    .getByLabel('Sample reading')
    .fill('The Three of Cups shows friendship returning to your life after a lonely season. '.repeat(5));
  await form.getByLabel('Chat rate ($/min)').fill('2.99');
  await form.getByLabel('Audio rate ($/min)').fill('3.99');
  await form.getByLabel('Video rate ($/min)').fill('4.99');
  await form.getByLabel(/I agree to the/).check();
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Thank you, your application is in.')).toBeVisible();

  await page.goto(await mailedLinkPath(page.request, email, 'reader_application_received'));
  await expect(page.getByRole('heading', { name: 'Under review' })).toBeVisible();

  const admin = await openCheckedContext(browser);
  await signInByApi(admin.page, DEMO.admin.email, DEMO.admin.password);
  await admin.page.goto('/dashboard/applications');
  const application = admin.page.getByRole('listitem', { name: `Application from Orion ${lastName}` });
  await application.getByRole('button', { name: 'Approve' }).click();
  await admin.page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(admin.page.getByText(`Orion ${lastName} is now a reader`)).toBeVisible();
  await expect(application).toHaveCount(0);
  expect(admin.problems).toEqual([]);
  await admin.context.close();

  await page.goto(await mailedLinkPath(page.request, email, 'reader_application_approved'));
  const password = page.getByRole('form', { name: 'Choose a new password' });
  await password.getByLabel('New password', { exact: true }).fill('my-reader-pass-1');
  await password.getByLabel('New password again').fill('my-reader-pass-1');
  // The reset signs in through the ordinary sign-in with the new password (its own integration test signs in again).
  await password.getByRole('button', { name: 'Save and Sign In' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Reader Dashboard' })).toBeVisible();
});

import { randomUUID } from 'node:crypto';
import { expect, signUpByApi, test } from './fixtures';

const SAGE = 'Sage · demo reader';
const FIRST_REPLY = 'Thank you for sharing that. What feels most important about it to you right now?';

/**
 * Decision 041: a newcomer's first reading, alone. One browser, no reader signed in anywhere: Sage is
 * answered by the server itself (demo mode). A new seeker, not Luna, whom other specs keep clean.
 */
test('a newcomer has a whole chat reading with Sage in one browser, billed like any reading', async ({
  page,
  baseURL,
}) => {
  // A sign-up, a deposit and a reading of a few billed minutes: more than the default 30 s on a busy machine.
  test.setTimeout(180_000);
  const seeker = await signUpByApi(page.request);
  const deposit = await page.request.post('/api/payments/wallet-deposit', {
    data: { amountCents: 1000, paymentMethodId: 'pm_card_visa' },
    headers: { 'Idempotency-Key': randomUUID(), Origin: baseURL! },
  });
  expect(deposit.ok(), await deposit.text()).toBe(true);

  await page.goto('/readers');
  const card = page.getByTestId('reader-card').filter({ hasText: SAGE });
  await expect(card).toHaveAttribute('data-status', 'online', { timeout: 40_000 });
  await expect(card.getByTestId('automated-reader-note')).toContainText('Demo reader: replies are automated');
  // Decision 060: chat only everywhere: no audio or video button or rate on the card, nor on an old audio link.
  for (const kind of ['Audio', 'Video']) await expect(card.getByRole('button', { name: kind })).toHaveCount(0);
  await expect(card.locator('dl[aria-label="Rates"] dt')).toHaveText(['Chat']);
  const sageId = (await card.getByRole('link', { name: `Start Chat Reading with ${SAGE}` }).getAttribute('href'))!
    .split('/session/')[1]!
    .split('?')[0]!;
  await page.goto(`/session/${sageId}?type=audio`);
  await expect(page.getByRole('radiogroup', { name: 'Reading type' }).getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: /Chat/ })).toBeChecked();
  await page.goto('/readers');
  await card.getByRole('link', { name: `Start Chat Reading with ${SAGE}` }).click();
  await page.getByRole('button', { name: 'Confirm Chat Reading' }).click();
  // Accepted by itself (within 2 s when the machine is quiet); the room then opens and the first minute is charged.
  await expect(page).toHaveURL(/\/reading\//);
  await expect(page.getByTestId('automated-reader-note')).toHaveText('Demo reader: replies are automated');
  const firstName = seeker.name.split(' ')[0];
  await expect(page.getByText(new RegExp(`^Welcome, ${firstName}\\.`))).toBeVisible();

  await page.getByRole('textbox', { name: 'Message' }).fill('Will the new job suit me?');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.getByText('Will the new job suit me?')).toBeVisible();
  await expect(page.getByText(FIRST_REPLY)).toBeVisible();

  await page.getByRole('button', { name: 'End Session' }).click();
  await page.getByRole('dialog', { name: 'End this reading?' }).getByRole('button', { name: 'End Reading' }).click();
  await expect(page.getByTestId('session-summary')).toBeVisible();
  const minutes = Number(await page.getByTestId('summary-minutes').textContent());
  expect(minutes).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('summary-cost')).toHaveText(`$${(minutes * 0.99).toFixed(2)}`);
  const profile = await (await page.request.get('/api/auth/profile')).json();
  expect(profile.walletBalanceCents).toBe(1000 - minutes * 99);
});

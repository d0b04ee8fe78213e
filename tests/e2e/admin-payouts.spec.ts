import type { APIRequestContext, Page } from '@playwright/test';
import { apiContext, completeReadingByApi, createReaderByApi, ok } from './admin-api';
import { DEMO, expect, signInByApi, test } from './fixtures';

/*
 * Readers earn only from readings, so this spec makes its own reader (through the admin API) and
 * gives them earnings the way production does: a new client pays for one billed minute of a chat
 * reading. The top rate ($99.99/min, 70% → $69.99) earns enough for three payouts in one minute,
 * and nobody else's balance moves.
 */

const READER_RATE_CENTS = 9999;

interface EarningReader {
  name: string;
  email: string;
  password: string;
  api: APIRequestContext;
}

/**
 * A new reader who has just earned $69.99 from one billed minute of a new client's chat reading.
 * A payout goes to a connected payout account (decision 039): connected here by the API unless
 * `connectOnPage` does it as the reader would, from the Earnings tab (the sandbox's onboarding
 * completes at once).
 */
async function readerWithEarnings(baseURL: string, connectOnPage?: Page): Promise<EarningReader> {
  const reader = await createReaderByApi(baseURL, { rateCents: READER_RATE_CENTS, lastName: 'Payout' });
  if (connectOnPage) {
    await signInByApi(connectOnPage, reader.email, reader.password);
    await connectOnPage.goto('/dashboard/earnings');
    await expect(connectOnPage.getByTestId('payout-account-status')).toHaveText('Not connected');
    await connectOnPage.getByRole('button', { name: 'Connect payout account' }).click();
    await expect(connectOnPage).toHaveURL(/\/dashboard\/earnings/);
    await expect(connectOnPage.getByTestId('payout-account-status')).toHaveText('Enabled');
    await connectOnPage.context().clearCookies();
  } else {
    await ok(reader.api.post('/api/payouts/account'));
  }
  const ended = await completeReadingByApi(baseURL, reader, { minutes: 1 });
  expect(ended.readerEarningsCents).toBe(6999);
  return reader;
}

test('a reader connects a payout account; an admin pays one payout as a transfer, rejects another after confirming, and the reader sees both', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const reader = await readerWithEarnings(baseURL!, page);
  for (const amountCents of [2000, 2500, 2499]) await ok(reader.api.post('/api/payouts', { data: { amountCents } }));

  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/dashboard');
  // Readers is the admin's default tab.
  await page.getByRole('tab', { name: 'Payouts' }).click();
  const panel = page.getByRole('region', { name: 'Payouts' });
  const pending = panel.getByTestId('admin-payout').filter({ hasText: reader.email });
  await expect(pending).toHaveCount(3);
  const row = (amount: string) => pending.filter({ hasText: amount });
  await expect(row('$25.00')).toContainText(reader.name);
  await expect(row('$25.00')).toContainText('Requested today');

  // Reject asks first; keeping it pending sends nothing.
  await row('$20.00').getByRole('button', { name: 'Reject' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reject this payout?' });
  await expect(confirm).toContainText(`$20.00 goes back to ${reader.name}’s earnings`);
  await confirm.getByRole('button', { name: 'Keep pending' }).click();
  await expect(confirm).toBeHidden();
  await expect(pending).toHaveCount(3);
  await row('$20.00').getByRole('button', { name: 'Reject' }).click();
  await confirm.getByRole('button', { name: 'Reject payout' }).click();
  await expect(page.getByText('Payout rejected')).toBeVisible();
  await expect(pending).toHaveCount(2);

  const decisions: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/payouts/')) decisions.push(request.url());
  });
  await row('$25.00').getByRole('button', { name: 'Mark paid' }).dblclick();
  await expect(page.getByText('Payout marked as paid')).toBeVisible();
  await expect(pending).toHaveCount(1);
  expect(decisions).toHaveLength(1);

  await panel.getByRole('tab', { name: 'Paid' }).click();
  const paid = panel.getByTestId('admin-payout').filter({ hasText: reader.email });
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText('$25.00');
  await expect(paid).toContainText('Paid today');
  // Sent as a transfer to the reader's connected account (the sandbox's, decision 039): its reference shows.
  await expect(paid.getByTestId('payout-transfer')).toHaveText(/^Transfer tr_sandbox_[0-9a-f]{24}$/);
  await expect(paid.getByTestId('payout-account-status')).toHaveText('Payout account: enabled');
  await panel.getByRole('tab', { name: 'Rejected' }).click();
  await expect(panel.getByTestId('admin-payout').filter({ hasText: reader.email })).toContainText('$20.00');

  // The rejected $20.00 went back to the reader's earnings: $69.99 - $20.00 - $25.00 - $24.99 + $20.00.
  // Their wallet (deposits, spending) never held any of it.
  expect((await ok(reader.api.get('/api/wallet'))).earnings).toEqual({ availableCents: 2000, heldCents: 0 });
  expect((await ok(reader.api.get('/api/auth/profile'))).walletBalanceCents).toBe(0);
  await reader.api.dispose();

  await page.context().clearCookies();
  await signInByApi(page, reader.email, reader.password);
  await page.goto('/dashboard/earnings');
  await expect(page.getByTestId('earnings-available')).toHaveText('$20.00');
  await expect(page.getByTestId('earnings-held')).toHaveText('$0.00');
  await expect(page.getByTestId('payout-account-status')).toHaveText('Enabled');
  await expect(page.getByRole('button', { name: 'Request payout of $20.00' })).toBeEnabled();
  const mine = page.getByRole('list', { name: 'Your payouts' }).getByTestId('payout');
  await expect(mine).toHaveCount(3);
  await expect(mine.filter({ hasText: '$20.00' })).toContainText('Returned');
  await expect(mine.filter({ hasText: '$25.00' })).toContainText('Paid');
  await expect(mine.filter({ hasText: '$24.99' })).toContainText('Pending');
});

test('a payout another admin decided first shows the server’s answer and leaves the queue', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const reader = await readerWithEarnings(baseURL!);
  const { payout } = await ok(reader.api.post('/api/payouts', { data: {} }));
  await reader.api.dispose();

  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/dashboard/payouts');
  const row = page
    .getByRole('region', { name: 'Payouts' })
    .getByTestId('admin-payout')
    .filter({ hasText: reader.email });
  await expect(row).toContainText('$69.99');

  const otherAdmin = await apiContext(baseURL!);
  await ok(otherAdmin.post('/api/auth/sign-in/email', { data: DEMO.admin }));
  await ok(otherAdmin.post(`/api/admin/payouts/${payout.id}/decision`, { data: { decision: 'paid' } }));
  await otherAdmin.dispose();

  await row.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText('This payout was already marked paid')).toBeVisible();
  await expect(row).toHaveCount(0);
});

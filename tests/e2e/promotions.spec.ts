import { randomUUID } from 'node:crypto';
import { createReaderByApi, joinSessionRoom, ok } from './admin-api';
import { DEMO, expect, signInByApi, signUpByApi, test } from './fixtures';
import { advanceReading, waitForBilledMinutes } from './reading-clock';

/*
 * Promotional credit end to end (docs/decisions/066): the admin creates a bonus code in
 * Admin → Promotions, a new client adds $10 with it on the checkout page and gets $3.00 of credit
 * (50%, capped at $3.00) beside their $10.00, then spends it in a two-minute chat reading at
 * $2.00/min: credit first ($3.00), the rest ($1.00) from the balance, as the receipt and the wallet's
 * activity say. The reader is a new one made through the admin API, present by a socket: their
 * page is another spec's subject. The credit's expiry is left out: this server runs on a real clock,
 * and the expiry and its sweep are tested on a fake one in
 * src/server/features/promotions/promotions.integration.test.ts.
 */
const DEPOSIT_CENTS = 1000;
const RATE_CENTS = 200;

test('a code made in Admin → Promotions gives a new client bonus credit at checkout, spent first in a reading', async ({
  page,
  baseURL,
}) => {
  // Codes are letters and digits, typed in any case.
  const code = `E2E${randomUUID().slice(0, 8).toUpperCase()}`;

  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/dashboard/promotions');
  await page.getByRole('button', { name: 'New code' }).click();
  const form = page.getByRole('dialog', { name: 'New promotion code' });
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Bonus (% of a top-up)').fill('50');
  await form.getByLabel('Bonus cap ($)').fill('3');
  await form.getByLabel('Credit lasts (days)').fill('14');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByText(`Code ${code} created`)).toBeVisible();
  const listed = page.getByRole('listitem', { name: `Code ${code}` });
  await expect(listed.getByTestId('promotion-state')).toHaveText('Active');
  await expect(listed).toContainText('50% bonus on top-ups, up to $3.00 · lasts 14 days');
  await page.context().clearCookies();

  // A new client adds $10 with the code, typed in lower case, on the sandbox's checkout page.
  await signUpByApi(page.request);
  await page.goto('/dashboard/wallet');
  await page.getByRole('button', { name: 'Add Funds' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Funds to Wallet' });
  await dialog.getByLabel('Amount (USD)').fill(String(DEPOSIT_CENTS / 100));
  await dialog.getByLabel('Promo code (optional)').fill(code.toLowerCase());
  const preview = dialog.getByTestId('promo-preview');
  await expect(preview).toContainText('+$3.00 promotional credit');
  await expect(preview).toContainText(
    '$3.00 bonus (the code’s cap: 50% would be $5.00) · expires 14 days after it is added',
  );
  await dialog.getByLabel('New card (secure checkout page)').check();
  await dialog.getByRole('button', { name: 'Add Funds' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await expect(page.getByTestId('checkout-amount')).toHaveText('$10.00');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $10.00' }).click();

  // Credited by the webhook: the cash, and the bonus apart from it.
  await expect(page).toHaveURL(/\/dashboard\/wallet\?deposit=/);
  await expect(page.getByTestId('deposit-status')).toHaveText(
    'Payment received: $10.00 was added to your wallet. With it, $3.00 of promotional credit.',
  );
  await expect(page.getByTestId('wallet-balance')).toHaveText('$10.00');
  const credit = page.getByTestId('wallet-credit');
  await expect(credit).toContainText('Promotional credit');
  await expect(credit.getByTestId('wallet-credit-amount')).toHaveText('$3.00');
  await expect(credit).toContainText(/· expires [A-Z][a-z]{2} \d{1,2}/);

  // A chat reading at $2.00/min: the request page counts the credit, the reader accepts.
  const reader = await createReaderByApi(baseURL!, { rateCents: RATE_CENTS, lastName: 'Promo' });
  await ok(reader.api.patch('/api/readers/me', { data: { isOnline: true } }));
  await page.goto(`/session/${reader.id}?type=chat`);
  await expect(page.getByTestId('confirm-rate')).toHaveText('$2.00 per minute');
  await expect(page.getByText('Your balance: $10.00 and $3.00 of promotional credit, spent first')).toBeVisible();
  const requested = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/sessions/request',
  );
  await page.getByRole('button', { name: 'Confirm Chat Reading' }).click();
  const { id: sessionId } = (await (await requested).json()) as { id: string };
  await ok(reader.api.post('/api/sessions/respond', { data: { sessionId, response: 'accept' } }));
  await expect(page).toHaveURL(`/reading/${sessionId}`);
  const readerSocket = await joinSessionRoom(baseURL!, reader.api, sessionId);
  await expect(page.getByTestId('call-status')).toHaveText('Connected', { timeout: 40_000 });

  // Minute 1 ($2.00 of credit) is charged at the start, minute 2 ($1.00 of credit, $1.00 of cash) a minute on.
  await advanceReading(page.request, sessionId);
  await waitForBilledMinutes(page, RATE_CENTS, 2);
  await page.getByRole('button', { name: 'End Session' }).click();
  await page.getByRole('dialog', { name: 'End this reading?' }).getByRole('button', { name: 'End Reading' }).click();
  await expect(page.getByTestId('summary-cost')).toHaveText('$4.00');
  readerSocket.disconnect();
  await ok(reader.api.patch('/api/readers/me', { data: { isOnline: false } }));
  await reader.api.dispose();

  // The receipt says what credit paid and what the balance paid.
  await page.goto(`/dashboard/sessions/${sessionId}`);
  await expect(page.getByTestId('receipt-minute')).toHaveCount(2);
  await expect(page.getByTestId('receipt-total')).toHaveText('$4.00');
  await expect(
    page.getByRole('row', { name: /Paid with promotional credit/ }).getByTestId('receipt-credit'),
  ).toHaveText('$3.00');
  await expect(page.getByRole('row', { name: /Paid from your balance/ }).getByTestId('receipt-cash')).toHaveText(
    '$1.00',
  );

  // The wallet: the cash less its $1.00, the credit gone, and the reading one line with its credit part.
  // The credit line reads the wallet's figures (GET /api/wallet?limit=1): none is shown once they say $0 of credit.
  const figures = page.waitForResponse((response) => response.url() === `${baseURL}/api/wallet?limit=1`);
  await page.goto('/dashboard/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('$9.00');
  expect(await (await figures).json()).toMatchObject({ balanceCents: 900, creditCents: 0 });
  await expect(page.getByTestId('wallet-credit')).toHaveCount(0);
  const lines = page.getByTestId('wallet-transaction');
  await expect(lines).toHaveCount(3);
  await expect(lines).toContainText([`Chat reading with ${reader.name} · 2 min`, 'Promotional credit', 'Deposit']);
  await expect(lines.nth(0)).toContainText('−$4.00');
  await expect(lines.nth(0)).toContainText('$3.00 paid with promotional credit');
  await expect(lines.nth(1)).toContainText('+$3.00');
  await expect(lines.nth(2)).toContainText('+$10.00');
});

import { expect, newUser, signUpOnPage, test } from './fixtures';

// Decision 039: money in by a card on a checkout page, credited only when the provider's signed event
// reaches the webhook. The server runs the sandbox, which plays Stripe Checkout on a local page.

test('a new client adds $25 on the checkout page with 4242 4242 4242 4242 and sees $25.00 after the webhook', async ({
  page,
}) => {
  await page.goto('/signup');
  await signUpOnPage(page, newUser());
  await expect(page.getByTestId('wallet-chip')).toHaveText('$0.00');
  await page.goto('/dashboard/wallet');

  await page.getByRole('button', { name: 'Add Funds' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Funds to Wallet' });
  await dialog.getByLabel('Amount (USD)').fill('25');
  await dialog.getByLabel('New card (secure checkout page)').check();
  await dialog.getByLabel('Save this card for next time').check();
  await dialog.getByRole('button', { name: 'Add Funds' }).click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await expect(page.getByTestId('checkout-amount')).toHaveText('$25.00');
  // Nothing is credited by opening the page.
  await expect(page.getByTestId('wallet-chip')).toHaveText('$0.00');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $25.00' }).click();

  await expect(page).toHaveURL(/\/dashboard\/wallet\?deposit=/);
  await expect(page.getByTestId('deposit-status')).toHaveText('Payment received: $25.00 was added to your wallet.');
  await expect(page.getByTestId('wallet-balance')).toHaveText('$25.00');
  await expect(page.getByTestId('wallet-chip')).toHaveText('$25.00');
  const transactions = page.getByTestId('wallet-transaction');
  await expect(transactions).toHaveCount(1);
  await expect(transactions.first()).toContainText('+$25.00');

  // The card is saved: auto-reload from it is chosen, kept, and stops when the card is removed.
  const cards = page.getByRole('list', { name: 'Saved cards' });
  await expect(cards).toContainText('Visa ending 4242');
  const autoReload = page.getByRole('form', { name: 'Auto-reload' });
  await autoReload.getByRole('switch', { name: 'Auto-reload during readings' }).click();
  await autoReload.getByLabel('When below (USD)').fill('5');
  await autoReload.getByLabel('Add (USD)').fill('2000');
  await autoReload.getByLabel('From card').selectOption({ index: 1 });
  await autoReload.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#auto-reload-amount-error')).toHaveText('Enter an amount from $1.00 to $1,000.00');
  await autoReload.getByLabel('Add (USD)').fill('20');
  await autoReload.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Auto-reload is on')).toBeVisible();
  await page.reload();
  await expect(autoReload.getByRole('switch', { name: 'Auto-reload during readings' })).toBeChecked();
  await expect(autoReload.getByLabel('Add (USD)')).toHaveValue('20.00');
  await cards.getByRole('button', { name: /^Remove Visa ending 4242/ }).click();
  await expect(page.getByText('No saved cards yet.')).toBeVisible();
  await expect(autoReload.getByLabel('From card').locator('option:checked')).toHaveText('No saved card yet');
});

test('a declined test card on the checkout page says so and credits nothing', async ({ page }) => {
  await page.goto('/signup');
  await signUpOnPage(page, newUser());
  await page.goto('/dashboard/wallet');
  await page.getByRole('button', { name: 'Add Funds' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Funds to Wallet' });
  await dialog.getByLabel('Amount (USD)').fill('10');
  await dialog.getByLabel('New card (secure checkout page)').check();
  await dialog.getByRole('button', { name: 'Add Funds' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  // The field's own words, not the API's name for it ('cardNumber: Enter a card number').
  await page.getByRole('button', { name: 'Pay $10.00' }).click();
  await expect(page.locator('#checkout-card-number-error')).toHaveText('Enter a card number');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $10.00' }).click();
  await expect(page.locator('#checkout-card-number-error')).toHaveText('Your card was declined.');
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page.getByTestId('deposit-status')).toHaveText('Checkout was cancelled: nothing was charged.');
  await expect(page.getByTestId('wallet-chip')).toHaveText('$0.00');
});

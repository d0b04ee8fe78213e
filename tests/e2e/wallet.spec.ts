import { DEMO, expect, newUser, signInOnPage, signUpOnPage, test } from './fixtures';

// Money-moving checks use a new account: other specs assert the demo clients' balances, and specs
// run side by side on one database. Luna (demo client) covers what moves no money.

test('a client adds $25 with the test Visa: one payment, the toast, the chip and the transaction', async ({ page }) => {
  const deposits: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/payments/wallet-deposit'))
      deposits.push(request.headers()['idempotency-key'] ?? '');
  });
  await page.goto('/signup');
  await signUpOnPage(page, newUser());
  await expect(page.getByTestId('wallet-chip')).toHaveText('$0.00');
  await page.goto('/dashboard/wallet');

  await page.getByRole('button', { name: 'Add Funds' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Funds to Wallet' });
  await expect(dialog.getByText('Test mode')).toBeVisible();
  await dialog.getByLabel('Amount (USD)').fill('25');
  await dialog.getByLabel('Visa ending 4242 (succeeds)').check();
  await dialog.getByRole('button', { name: 'Add Funds' }).dblclick();

  await expect(page.getByText('Successfully added $25.00 to your wallet')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('wallet-chip')).toHaveText('$25.00');
  await expect(page.getByTestId('wallet-balance')).toHaveText('$25.00');
  const transactions = page.getByTestId('wallet-transaction');
  await expect(transactions).toHaveCount(1);
  await expect(transactions.first()).toContainText('Deposit');
  await expect(transactions.first()).toContainText('+$25.00');
  expect(deposits).toHaveLength(1);
  expect(deposits[0]).toMatch(/^[0-9a-f-]{32,36}$/);
});

test('a declined card says "Failed to add funds" and the balance stays', async ({ page }) => {
  await page.goto('/login');
  await signInOnPage(page, DEMO.luna.email, DEMO.luna.password);
  await expect(page).toHaveURL('/dashboard');
  const chip = page.getByTestId('wallet-chip');
  await expect(chip).toHaveText(/^\$\d/);
  const before = await chip.textContent();
  await page.getByRole('tab', { name: 'Wallet' }).click();
  await expect(page).toHaveURL('/dashboard/wallet');

  await page.getByRole('button', { name: 'Quick add $50.00' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Funds to Wallet' });
  await expect(dialog.getByLabel('Amount (USD)')).toHaveValue('50.00');
  await dialog.getByLabel('Declined card').check();
  await dialog.getByRole('button', { name: 'Add Funds' }).click();

  await expect(page.getByText('Failed to add funds')).toBeVisible();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(chip).toHaveText(before ?? '');
});

test('amounts outside $1 to $1,000 name the bound, empty or unreadable ones show "Please enter a valid amount", and none pays', async ({
  page,
}) => {
  let deposits = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/payments/wallet-deposit')) deposits++;
  });
  await page.goto('/login');
  await signInOnPage(page, DEMO.luna.email, DEMO.luna.password);
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('button', { name: 'Add Funds' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Funds to Wallet' });
  const amount = dialog.getByLabel('Amount (USD)');
  const submit = dialog.getByRole('button', { name: 'Add Funds' });

  const said = {
    '0': 'Please enter a valid amount',
    '0.99': 'Amount must be at least $1.00',
    '1000.01': 'Amount must be at most $1,000.00',
    '': 'Please enter a valid amount',
  };
  for (const [typed, message] of Object.entries(said)) {
    await amount.fill(typed);
    await submit.click();
    await expect(dialog.getByText(message), typed).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
  }
  // A number field keeps no text it cannot read: typing letters leaves it empty.
  await amount.fill('');
  await amount.pressSequentially('abc');
  await submit.click();
  await expect(dialog.getByText('Please enter a valid amount')).toBeVisible();

  await dialog.getByRole('button', { name: '$100' }).click();
  await expect(amount).toHaveValue('100.00');
  await expect(dialog.getByText('Please enter a valid amount')).toBeHidden();
  expect(deposits).toBe(0);
});

import { expect, newUser, signUpOnPage, test } from './fixtures';

// A new account: limits and deposits are per client, and specs share one database.
test('a daily limit set in the Wallet tab refuses a deposit past it, beside the amount; a raise waits 24 hours; the reminder saves', async ({
  page,
}) => {
  // Two deposits, three saves and a reload: more than the default 30 s on a busy CI machine.
  test.setTimeout(180_000);
  await page.goto('/signup');
  await signUpOnPage(page, newUser());
  await expect(page.getByTestId('wallet-chip')).toHaveText('$0.00');
  await page.goto('/dashboard/wallet');

  const limits = page.getByRole('form', { name: 'Spending limits' });
  await limits.getByLabel('Daily limit (USD)').fill('30');
  await limits.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Spending limits saved')).toBeVisible();

  await page.getByRole('button', { name: 'Add Funds' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Funds to Wallet' });
  await dialog.getByLabel('Amount (USD)').fill('25');
  await dialog.getByRole('button', { name: 'Add Funds' }).click();
  await expect(page.getByText('Successfully added $25.00 to your wallet')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add Funds' }).first().click();
  await dialog.getByLabel('Amount (USD)').fill('10');
  await dialog.getByRole('button', { name: 'Add Funds' }).click();
  const refusal = dialog.locator('#add-funds-amount-error');
  await expect(refusal).toHaveText(
    /^Your daily deposit limit is \$30\.00: you can add \$5\.00 more until \w{3} \d{1,2}, 12:00 AM UTC$/,
  );
  await expect(dialog.getByLabel('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('wallet-balance')).toHaveText('$25.00');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Raising waits 24 hours: the field keeps the limit in force and says when the raise comes.
  await limits.getByLabel('Daily limit (USD)').fill('100');
  await limits.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Raising or removing a limit takes effect after 24 hours.')).toBeVisible();
  await expect(limits.getByTestId('pending-daily')).toHaveText(
    /^Rises to \$100\.00 on \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M$/,
  );
  await expect(limits.getByLabel('Daily limit (USD)')).toHaveValue('30.00');

  // An out-of-range limit is refused beside its field, before any request.
  await limits.getByLabel('Weekly limit (USD)').fill('0.5');
  await limits.getByRole('button', { name: 'Save' }).click();
  await expect(limits.locator('#limit-weekly-error')).toHaveText(
    'Enter an amount from $1.00 to $100,000.00, or leave it empty for no limit',
  );
  await limits.getByLabel('Weekly limit (USD)').fill('');

  await limits.getByLabel('Remind me during readings').selectOption({ label: 'Every 15 minutes' });
  await limits.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Spending limits saved').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Spending limits' }).getByLabel('Remind me during readings')).toHaveValue(
    '15',
  );
  await expect(page.getByTestId('pending-daily')).toBeVisible();
});

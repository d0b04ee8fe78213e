import { randomUUID } from 'node:crypto';
import { expect, newUser, openAccountMenu, signUpOnPage, test } from './fixtures';

test('a signed-in tab keeps a live connection that updates the wallet chip, and drops it on sign-out', async ({
  page,
  baseURL,
}) => {
  await page.goto('/signup');
  const socketOpened = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'));
  await signUpOnPage(page, newUser());
  await expect(page.getByTestId('wallet-chip')).toHaveText('$0.00');
  const socket = await socketOpened;

  // A deposit made elsewhere (another tab, the payment provider's confirmation) reaches this tab.
  const deposit = await page.request.post('/api/payments/wallet-deposit', {
    data: { amountCents: 2500, paymentMethodId: 'pm_card_visa' },
    headers: { Origin: baseURL ?? '', 'Idempotency-Key': randomUUID() },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  await expect(page.getByTestId('wallet-chip')).toHaveText('$25.00');

  const socketClosed = socket.waitForEvent('close');
  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  await socketClosed;
});

test('a visitor never opens a realtime connection', async ({ page }) => {
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Your Journey' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Readers' }).click();
  await expect(page).toHaveURL('/readers');
  expect(sockets).toEqual([]);
});

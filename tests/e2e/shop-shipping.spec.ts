import { test as base } from '@playwright/test';
import { expect, openCheckedContext, signInByApi, signUpByApi, test } from './fixtures';

/**
 * Physical products that ship (decision 043): the address at checkout, the seller's Mark shipped with
 * tracking, the buyer's My Orders and mail. Isla (a demo reader) sells the crystal set; the buyer is
 * a new sign-up funded by the sandbox's test card, so no demo balance changes.
 */
const ISLA = { email: 'isla@soultribe.app', password: 'password123' };
const CRYSTALS = 'Chakra Balancing Crystal Set';
const FIRST_LOAD = { timeout: 40_000 };
const ADDRESS = {
  'Full name': 'Rowan Vale',
  'Street and number': '7 Willow Court',
  City: 'Asheville',
  'State / region': 'North Carolina',
  'Postal code': '28801',
  Country: 'United States',
};
test.setTimeout(180_000);

test('a physical item: the buyer gives an address at checkout, the seller marks it shipped with tracking, the buyer sees it and is mailed', async ({
  page,
  browser,
}) => {
  const buyer = await signUpByApi(page.request);
  const origin = base.info().project.use.baseURL ?? '';
  const deposit = await page.request.post('/api/payments/wallet-deposit', {
    data: { amountCents: 10_000, paymentMethodId: 'pm_card_visa' },
    headers: { Origin: origin, 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);

  await page.goto('/shop?category=Crystals');
  await page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('heading', { name: CRYSTALS, exact: true }) })
    .getByRole('button', { name: 'Add to Cart' })
    .click(FIRST_LOAD);
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const cart = page.getByRole('dialog', { name: 'Your Cart' });
  const shipTo = cart.getByRole('group', { name: 'Ship to' });
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(shipTo.getByText('Postal code is required')).toBeVisible();
  await expect(page.getByTestId('wallet-chip')).toHaveText('$100.00');
  for (const [label, value] of Object.entries(ADDRESS)) await shipTo.getByLabel(label).fill(value);
  await cart.getByRole('button', { name: 'Checkout' }).click();

  await expect(page).toHaveURL('/shop/orders');
  await expect(page.getByTestId('wallet-chip')).toHaveText('$55.01');
  const order = page.getByTestId('order');
  await expect(order.getByTestId('shipment-status')).toHaveText('Paid, not shipped yet');
  await expect(order.getByTestId('ship-to')).toContainText('7 Willow Court');

  const seller = await openCheckedContext(browser);
  await signInByApi(seller.page, ISLA.email, ISLA.password);
  await seller.page.goto('/dashboard/products');
  const sale = seller.page.getByTestId('sale').filter({ hasText: `Ship to ${buyer.name}` });
  await expect(sale.getByTestId('ship-to')).toContainText('Asheville, North Carolina 28801', FIRST_LOAD);
  await expect(sale).toContainText(`1 × ${CRYSTALS}`);
  await sale.getByLabel('Carrier (optional)').fill('USPS');
  await sale.getByLabel('Tracking number (optional)').fill('9400 1118 9922');
  await sale.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(sale.getByTestId('sale-status')).toHaveText('Shipped');
  await expect(sale.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  expect(seller.problems).toEqual([]);
  await seller.context.close();

  await page.reload();
  await expect(order.getByTestId('shipment-status')).toHaveText('Shipped', FIRST_LOAD);
  await expect(order.getByTestId('shipment-tracking')).toContainText('with USPS · Tracking number 9400 1118 9922');
  await expect
    .poll(
      async () => {
        const { messages } = (await (
          await page.request.get(`/api/dev/mailbox?${new URLSearchParams({ to: buyer.email })}`)
        ).json()) as { messages: { kind: string; text: string }[] };
        return messages.find((message) => message.kind === 'order_shipped')?.text ?? '';
      },
      { timeout: 40_000 },
    )
    .toContain('Tracking number: 9400 1118 9922 (USPS).');
});

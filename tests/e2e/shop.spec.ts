import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { afterFormFocus, DEMO, expect, newUser, openCheckedContext, signInByApi, signUpOnPage, test } from './fixtures';
import { openInApp } from './in-app';

/**
 * The shop of decision 027. Buyers are new sign-ups (other specs assert the demo clients' balances);
 * Isla, a demo reader no other spec signs in as, lists products.
 */
const ISLA = { email: 'isla@soultribe.app', password: 'password123' };
const MOON = {
  name: 'Guided Moon Meditations (audio)',
  price: '$15.00',
  link: 'https://learn.soultribe.app/moon-meditations',
};
const FIRST_LOAD = { timeout: 40_000 };
// Sign-up, a deposit and a checkout in one test: a busy machine needs more than the default 30 s.
test.setTimeout(180_000);

async function signUpWithFunds(page: Page, dollars: number | null) {
  await page.goto('/signup');
  await signUpOnPage(page, newUser());
  await expect(page.getByTestId('wallet-chip')).toHaveText('$0.00', FIRST_LOAD);
  if (dollars === null) return;
  await page.goto('/dashboard/wallet');
  await page.getByRole('button', { name: 'Add Funds' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Funds to Wallet' });
  await dialog.getByLabel('Amount (USD)').fill(String(dollars));
  await dialog.getByLabel('Visa ending 4242 (succeeds)').check();
  await dialog.getByRole('button', { name: 'Add Funds' }).click();
  await expect(page.getByTestId('wallet-chip')).toHaveText(`$${dollars}.00`);
}

/** Serious or critical axe findings inside `selector` (the open cart, an opened order). */
async function axeFindings(page: Page, selector: string) {
  const violations = await axeViolations(page, selector);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const productCard = (page: Page, name: string) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('a client filters to digital courses, keeps the cart through a reload, pays from the wallet and opens the course', async ({
  page,
}) => {
  const orders: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/shop/orders') && request.method() === 'POST')
      orders.push(request.headers()['idempotency-key'] ?? '');
  });
  await signUpWithFunds(page, 100);

  await page.goto('/shop');
  await page.getByRole('button', { name: 'Courses', exact: true }).click();
  await page.getByRole('button', { name: 'Filter' }).click();
  const panel = page.getByRole('form', { name: 'Filter products' });
  await panel.getByText('Digital only').click();
  await panel.getByLabel('Max price ($)').fill('20');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/category=Courses/);
  await expect(page).toHaveURL(/digital=true/);
  await expect(page).toHaveURL(/maxCents=2000/);
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  const card = productCard(page, MOON.name);
  await expect(card.getByText('Digital', { exact: true })).toBeVisible();
  await expect(card.getByTestId('product-price')).toHaveText(MOON.price);
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1', FIRST_LOAD);
  await expect(page.getByRole('button', { name: 'Courses', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('product-card')).toHaveCount(1);

  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const cart = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(cart.getByTestId('cart-total')).toHaveText(MOON.price);
  await cart.getByRole('button', { name: 'Checkout' }).dblclick();

  await expect(page).toHaveURL('/shop/orders');
  await expect(page.getByText('Order placed: $15.00 paid from your wallet')).toBeVisible();
  await expect(page.getByTestId('wallet-chip')).toHaveText('$85.00');
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  expect(orders).toHaveLength(1);

  const order = page.getByTestId('order');
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('order-total')).toHaveText(MOON.price);
  await expect(order.getByText(MOON.name)).toBeVisible();
  await order.getByRole('button', { name: 'Open' }).click();
  const link = order.getByTestId('digital-content').getByRole('link', { name: new RegExp(MOON.link) });
  await expect(link).toHaveAttribute('href', MOON.link);
  await expect(link).toHaveAttribute('rel', /noopener/);
  expect(await axeFindings(page, 'main')).toEqual([]);

  await page.reload();
  await expect(page.getByTestId('wallet-chip')).toHaveText('$85.00', FIRST_LOAD);
});

test('a cart dearer than the balance says Insufficient balance, keeps the cart and charges nothing', async ({
  page,
}) => {
  await signUpWithFunds(page, 50);
  await page.goto('/shop?category=Courses');
  await productCard(page, 'Tarot Foundations: a 6-week course').getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const cart = page.getByRole('dialog', { name: 'Your Cart' });
  await cart.getByRole('button', { name: 'Checkout' }).click();

  await expect(cart.getByText('Insufficient balance')).toBeVisible();
  await expect(cart.getByRole('link', { name: 'Add Funds' })).toHaveAttribute('href', '/dashboard/wallet');
  await expect(page.getByTestId('wallet-chip')).toHaveText('$50.00');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.keyboard.press('Escape');

  await page.goto('/shop/orders');
  await expect(page.getByText('No orders yet')).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId('wallet-chip')).toHaveText('$50.00');
});

test('a reader adds a product in the Products tab and it is in the shop; an admin hides it with a reason the reader reads, and shows it again', async ({
  page,
  browser,
}) => {
  const name = `Moonstone Pendulum ${randomUUID().slice(0, 6)}`;
  await signInByApi(page, ISLA.email, ISLA.password);
  await page.goto('/dashboard/products');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog.getByText('Name must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByText('Enter a price')).toBeVisible();
  await afterFormFocus(page);

  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Hand-polished moonstone on a silver chain, for yes-or-no questions.');
  await dialog.getByLabel('Price ($)').fill('12.5');
  await dialog.getByLabel('Category').selectOption('Crystals');
  await dialog.getByLabel('Physical (shipped)').check();
  await dialog.getByLabel('In stock').fill('3');
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('my-product').filter({ hasText: name });
  await expect(row).toContainText('$12.50');
  await expect(row).toContainText('Only 3 left');

  const visitor = await openCheckedContext(browser);
  await visitor.page.goto(`/shop?search=${encodeURIComponent(name)}`);
  const card = productCard(visitor.page, name);
  await expect(card).toBeVisible(FIRST_LOAD);
  await expect(card.getByTestId('product-price')).toHaveText('$12.50');
  await expect(card.getByTestId('product-stock')).toHaveText('Only 3 left');
  await expect(card.getByRole('link', { name: 'Isla Fairweather' })).toHaveAttribute('href', '/readers/isla');
  await openInApp(page, `/shop?search=${encodeURIComponent(name)}`);
  await expect(productCard(page, name).getByRole('button', { name: 'Your Product' })).toBeDisabled(FIRST_LOAD);
  await openInApp(page, '/dashboard/products');

  const admin = await openCheckedContext(browser);
  await signInByApi(admin.page, DEMO.admin.email, DEMO.admin.password);
  await admin.page.goto(`/shop?search=${encodeURIComponent(name)}`);
  const adminCard = productCard(admin.page, name);
  await adminCard.getByRole('button', { name: 'Hide' }).click();
  const why = admin.page.getByRole('dialog', { name: 'Hide this product?' });
  await why.getByRole('button', { name: 'Hide Product' }).click();
  await expect(why.getByLabel('Reason (the author sees it)')).toHaveAccessibleDescription(
    'Tell the author why (at least 3 characters)',
  );
  await why.getByLabel('Reason (the author sees it)').fill('The photos belong to another shop');
  await why.getByRole('button', { name: 'Hide Product' }).click();
  await expect(why).toBeHidden();
  await expect(adminCard.getByText('Hidden', { exact: true })).toBeVisible();
  await visitor.page.reload();
  await expect(visitor.page.getByText('No products found')).toBeVisible(FIRST_LOAD);
  await page.reload();
  await expect(row.getByText('Hidden by an admin')).toBeVisible(FIRST_LOAD);
  await expect(row.getByTestId('my-product-reason')).toHaveText('Reason: The photos belong to another shop');

  await adminCard.getByRole('button', { name: 'Unhide' }).click();
  await expect(adminCard.getByText('Hidden', { exact: true })).toHaveCount(0);
  await visitor.page.reload();
  await expect(productCard(visitor.page, name)).toBeVisible(FIRST_LOAD);
  expect([...visitor.problems, ...admin.problems]).toEqual([]);
  await visitor.context.close();
  await admin.context.close();
});

test('on a phone a visitor filters, fills the cart from the header icon and is asked to sign in to check out', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/shop?category=Crystals');
  const card = productCard(page, 'Rose Quartz Heart');
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  const cart = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(cart.getByTestId('cart-total')).toHaveText('$37.98');
  expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);
  await cart.getByRole('button', { name: 'Decrease quantity of Rose Quartz Heart' }).click();
  await expect(cart.getByTestId('cart-total')).toHaveText('$18.99');
  await cart.getByRole('button', { name: 'Sign In to Checkout' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fshop/);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

// On a 375 px phone the toasts covered the bottom of the cart dialog, where Checkout is.
test('on a 375 px phone a toast never covers the open cart', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/shop');
  const adds = page.getByTestId('product-card').getByRole('button', { name: 'Add to Cart' });
  for (let index = 0; index < 4; index += 1) await adds.nth(index).click();
  await page.getByRole('button', { name: 'Cart, 4 items' }).click();
  const cart = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(cart.getByRole('button', { name: 'Sign In to Checkout' })).toBeVisible();
  const toasts = page.locator('[data-sonner-toast][data-visible="true"]');
  await expect(toasts.first()).toBeVisible();
  const dialogBox = (await cart.boundingBox())!;
  for (const toast of await toasts.all())
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(dialogBox.y + dialogBox.height);
});

import { SUPPORT_EMAIL } from '../../src/shared/constants';
import { DEMO, expect, signInByApi, test } from './fixtures';

test('the navigation highlights the current page and the footer links the platform and support', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Readers', 'Live', 'Shop', 'Community', 'About']);
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'Shop' }).click();
  await expect(page).toHaveURL('/shop');
  await expect(nav.getByRole('link', { name: 'Shop' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');

  const platform = page.getByRole('navigation', { name: 'Platform' });
  await expect(platform.getByRole('link')).toHaveText([
    'Readers',
    'Live',
    'Shop',
    'Community',
    'About',
    'Become a reader',
  ]);
  const support = page.getByRole('navigation', { name: 'Support' });
  await expect(support.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  await expect(support.getByRole('link', { name: 'Terms & Policies' })).toHaveAttribute('href', '/policies');
  await expect(support.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help');
  await expect(page.getByRole('contentinfo')).toContainText(
    `© ${new Date().getFullYear()} Soul Tribe. All rights reserved.`,
  );
});

test('the home page offers the journey, readers and more about us', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Start Free Today' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Browse Readers' })).toHaveAttribute('href', '/readers');
  await expect(page.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/about');
  await expect(page.getByRole('region', { name: 'Why Soul Tribe' }).getByRole('heading', { level: 3 })).toHaveText([
    'Live Video Readings',
    'Real-time Chat',
    'Per-Minute Billing',
    'Verified Readers',
    'Compassionate Guidance',
    'Live Streaming',
  ]);
  await expect(page.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(3);
});

/**
 * Decision 060: the About page's counts are the database's, which the directory's cards add up to as well; the home
 * page claims none.
 */
test('the About page shows the readings given and the readers from the database, and the home page no made-up figure', async ({
  page,
}) => {
  const figures = page.getByRole('list', { name: 'Soul Tribe in figures' });
  await expect(async () => {
    const counts = (await (await page.request.get('/api/public-figures')).json()) as {
      readingsGiven: number;
      readers: number;
    };
    const directory = (await (await page.request.get('/api/readers?pageSize=100')).json()) as { total: number };
    expect(counts.readers).toBe(directory.total);
    await page.goto('/about');
    const figure = (label: string) => figures.locator('> li').filter({ hasText: label });
    await expect(figure('readings given')).toHaveText(`${counts.readingsGiven.toLocaleString('en-US')}readings given`, {
      timeout: 10_000,
    });
    await expect(figure('verified readers')).toHaveText(`${counts.readers.toLocaleString('en-US')}verified readers`, {
      timeout: 10_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(figures).not.toContainText('10,000');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/10,000|readings given|years of guidance/);
});

test('for a signed-in user the calls to action lead to the dashboard', async ({ page }) => {
  await signInByApi(page, DEMO.luna.email, DEMO.luna.password);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('link', { name: 'Start Free Today' })).toHaveAttribute('href', '/dashboard');
});

test('the help center answers billing, refund and session questions', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'Help Center' })).toBeVisible();
  for (const topic of ['Billing & Wallet', 'Refunds', 'Readings & Sessions']) {
    await expect(page.getByRole('heading', { name: topic })).toBeVisible();
  }
  await page.getByText('Can I get my money back if a reading does not feel right?').click();
  await expect(page.getByText(/within the first 3 minutes/)).toBeVisible();
});

test('the theme toggle switches to light and the choice survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the navigation hides behind a toggle and closes when a link is tapped', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.tap();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(mobileNav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await mobileNav.getByRole('link', { name: 'Community' }).tap();
    await expect(page).toHaveURL('/community');
    await expect(mobileNav).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Soul Tribe Community' })).toBeVisible();
  });

  test('the menu offers sign-in and opens the auth dialog', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Sign In' }).tap();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.locator('#mobile-menu')).toBeHidden();
  });
});

test.describe('for people who ask for reduced motion', () => {
  test.use({ colorScheme: 'dark', reducedMotion: 'reduce' });

  test('the starfield stays still', async ({ page }) => {
    await page.goto('/');
    const animation = await page.evaluate(() => getComputedStyle(document.querySelector('.starfield')!).animationName);
    expect(animation).toBe('none');
  });
});

test.describe('for everyone else', () => {
  // The suite asks for reduced motion (playwright.config.ts); this test asks for none.
  test.use({ colorScheme: 'dark', reducedMotion: 'no-preference' });

  test('the starfield twinkles', async ({ page }) => {
    await page.goto('/');
    const animation = await page.evaluate(() => getComputedStyle(document.querySelector('.starfield')!).animationName);
    expect(animation).toBe('twinkle');
  });
});

test('the about page tells the mission, the story, the values, what each side gets and the split', async ({ page }) => {
  await page.goto('/about');
  await expect(page).toHaveTitle('About Soul Tribe · Soul Tribe');
  await expect(page.getByRole('heading', { level: 1, name: 'About Soul Tribe' })).toBeVisible();
  const figures = page.getByRole('list', { name: 'Soul Tribe in figures' });
  await expect(figures).toContainText('70%');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText([
    'Our Story',
    'Our Values',
    'What Soul Tribe Offers',
  ]);
  await expect(main.getByRole('heading', { level: 3 })).toHaveText([
    'Authentic Connection',
    'Sacred Privacy',
    'Empowerment',
    'For Seekers',
    'For Readers',
  ]);
  await expect(page.getByText('70% of every minute you read; the platform keeps 30%')).toBeVisible();
  await page.getByRole('link', { name: 'Browse Readers' }).click();
  await expect(page).toHaveURL('/readers');
});

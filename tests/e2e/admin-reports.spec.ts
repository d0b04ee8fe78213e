import { randomUUID } from 'node:crypto';
import { apiContext, ok } from './admin-api';
import { DEMO, expect, signInByApi, signUpByApi, test } from './fixtures';

/*
 * The moderation queue of decision 027: two new seekers, one posting and one reporting, over the API
 * (the community spec drives the forum's own pages); the admin decides in the dashboard. Other
 * specs may report content at the same time, so rows are picked by this test's own text.
 */

async function signedUpContext(baseURL: string) {
  const api = await apiContext(baseURL);
  await signUpByApi(api);
  return api;
}

test('an admin sees open reports with their content and age, hides one post and dismisses another', async ({
  page,
  baseURL,
}) => {
  const run = randomUUID().slice(0, 8);
  const author = await signedUpContext(baseURL!);
  const reporter = await signedUpContext(baseURL!);
  const post = (title: string) =>
    ok(
      author.post('/api/community/posts', {
        data: {
          title,
          content: `Visit my totally real tarot bargains now, ${run}.`,
          category: 'General Discussion',
          tags: [],
        },
      }),
    );
  const spam = await post(`Cheap readings ${run}`);
  const harmless = await post(`Harmless question ${run}`);
  await ok(
    reporter.post('/api/reports', {
      data: { targetType: 'post', targetId: spam.id, reason: `Spam advertising ${run}` },
    }),
  );
  await ok(
    reporter.post('/api/reports', { data: { targetType: 'post', targetId: harmless.id, reason: `Off topic ${run}` } }),
  );

  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/dashboard/reports');
  const queue = page.getByRole('region', { name: 'Reported content' });
  const reportOf = (reason: string) => queue.getByTestId('admin-report').filter({ hasText: reason });
  const spamReport = reportOf(`Spam advertising ${run}`);
  await expect(spamReport).toContainText('Forum post');
  await expect(spamReport).toContainText(`Cheap readings ${run}`);
  // Just reported: well inside the 24-hour promise.
  await expect(spamReport).toContainText('Open 1 min');
  await expect(spamReport.getByRole('link', { name: /View in context/ })).toHaveAttribute(
    'href',
    `/community/${spam.id}`,
  );

  await spamReport.getByRole('button', { name: 'Hide post' }).click();
  await expect(page.getByText('Content hidden')).toBeVisible();
  await expect(spamReport).toHaveCount(0);

  const harmlessReport = reportOf(`Off topic ${run}`);
  await harmlessReport.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Report dismissed')).toBeVisible();
  await expect(harmlessReport).toHaveCount(0);

  // A reload asks the server again: both decisions held.
  await page.reload();
  await expect(queue).toBeVisible();
  await expect(reportOf(run)).toHaveCount(0);

  // The hidden post is gone for everyone else; the dismissed one is still listed.
  const visitor = await apiContext(baseURL!);
  const listed = await ok(visitor.get(`/api/community/posts?search=${run}`));
  expect(listed.posts.map((p: { title: string }) => p.title)).toEqual([`Harmless question ${run}`]);
});

test('the Reports tab fits a phone', async ({ page }) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/reports');
  await expect(page.getByRole('region', { name: 'Reported content' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

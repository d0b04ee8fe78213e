import { randomUUID } from 'node:crypto';
import { test as base, type Page } from '@playwright/test';
import { splitCharge } from '../../src/shared/money';
import { createReaderByApi, ok } from './admin-api';
import { expect, newUser, openCheckedContext, signInOnPage, signUpByApi, test } from './fixtures';

/**
 * Live streams in real browsers: a reader broadcasts the fake camera, two viewers in their own
 * contexts watch it over WebRTC, chat, and one sends a Crystal that pays the reader 70%.
 */
const CRYSTAL_CENTS = 199;
const firstName = (fullName: string) => fullName.split(' ')[0] as string;

/** A new seeker signed up in the page's context, with `depositCents` in their wallet. */
async function signUpViewer(page: Page, depositCents: number) {
  const origin = base.info().project.use.baseURL ?? '';
  const user = newUser();
  await signUpByApi(page.request, user);
  if (depositCents > 0) {
    await ok(
      page.request.post('/api/payments/wallet-deposit', {
        data: { amountCents: depositCents, paymentMethodId: 'pm_card_visa' },
        headers: { 'Idempotency-Key': randomUUID(), Origin: origin },
      }),
    );
  }
  return user;
}

/** The video has decoded frames from the reader's camera (a track's readyState says 'live' even when nothing arrives). */
async function expectVideoPlaying(page: Page, testId: string) {
  await expect
    .poll(() => page.getByTestId(testId).evaluate((video: HTMLVideoElement) => video.videoWidth), { timeout: 40_000 })
    .toBeGreaterThan(0);
}

const centsOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

async function dashboardWalletCents(page: Page): Promise<number> {
  await page.goto('/dashboard');
  const figure = page.getByTestId('stat-available');
  // The whole dashboard loads first: on a busy two-core machine that takes longer than the default wait.
  await expect(figure).toBeVisible({ timeout: 40_000 });
  return centsOf(await figure.textContent());
}

test.describe('live pages on their own', () => {
  test('a stream that does not exist offers the way back to the dashboard', async ({ page }) => {
    await page.goto(`/live/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Stream not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/(login\?redirect=%2Fdashboard|dashboard)$/);
  });

  test('the list says when a category has no live streams, and the scheduled tab when none are announced there', async ({
    page,
  }) => {
    await page.goto('/live?category=Celtic+Wisdom');
    await expect(page.getByRole('button', { name: 'Celtic Wisdom' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('No live streams in this category')).toBeVisible();
    await page.getByRole('tab', { name: 'Scheduled' }).click();
    await expect(page).toHaveURL(/tab=scheduled/);
    await expect(
      page.getByRole('list', { name: 'Scheduled streams' }).or(page.getByText('No scheduled streams')),
    ).toBeVisible();
  });
});

test.describe('a live stream from camera to gifts', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(300_000);

  test('a reader goes live; two viewers watch, chat and see a Crystal that pays the reader 70%; the end reaches them', async ({
    browser,
    page: visitor,
  }) => {
    const reader = await createReaderByApi(base.info().project.use.baseURL ?? '', { rateCents: 299, lastName: 'Live' });
    const broadcaster = await openCheckedContext(browser);
    const viewerA = await openCheckedContext(browser);
    const viewerB = await openCheckedContext(browser);
    try {
      // The reader goes live from the dashboard's Live tab with the fake camera.
      await broadcaster.page.goto('/login');
      await signInOnPage(broadcaster.page, reader.email, reader.password);
      await expect(broadcaster.page).toHaveURL('/dashboard');
      const walletBefore = await dashboardWalletCents(broadcaster.page);
      await broadcaster.page.getByRole('tab', { name: 'Live' }).click();
      await broadcaster.page.getByRole('button', { name: 'Go Live' }).click();
      const form = broadcaster.page.getByRole('form', { name: 'Go live' });
      const title = `Full moon tarot ${randomUUID().slice(0, 6)}`;
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Description').fill('A group pull for everyone in the room.');
      await form.getByLabel('Category').selectOption('Tarot Reading');
      await form.getByRole('button', { name: 'Go Live' }).click();
      await expect(broadcaster.page).toHaveURL(/\/live\/[^/]+$/);
      const streamPath = new URL(broadcaster.page.url()).pathname;
      await expectVideoPlaying(broadcaster.page, 'self-view');
      await expect(broadcaster.page.getByRole('button', { name: 'End Stream' })).toBeVisible();

      // Two viewers, each in a context of their own; A can afford a Crystal.
      const userA = await signUpViewer(viewerA.page, 1000);
      const userB = await signUpViewer(viewerB.page, 0);
      await Promise.all([viewerA.page.goto(streamPath), viewerB.page.goto(streamPath)]);
      for (const viewer of [viewerA.page, viewerB.page]) {
        await expect(viewer.getByRole('heading', { name: title })).toBeVisible();
        await expect(viewer.getByText('LIVE', { exact: true })).toBeVisible();
      }
      await expectVideoPlaying(viewerA.page, 'stream-video');
      await expectVideoPlaying(viewerB.page, 'stream-video');
      await expect(broadcaster.page.getByTestId('peer-count')).toHaveText('Sending to 2 viewers');

      // The list shows the stream with the count of its room; a visitor is asked to sign in to chat.
      await visitor.goto('/live');
      const card = visitor.getByTestId('stream-card').filter({ hasText: title });
      await expect(card).toBeVisible();
      // The room is recounted after each join; on a busy machine the second may still be on its way.
      const viewerCountNow = async () =>
        (
          (await ok(visitor.request.get(`/api/live/streams${streamPath.slice('/live'.length)}`))) as {
            viewerCount: number;
          }
        ).viewerCount;
      await expect.poll(viewerCountNow).toBeGreaterThanOrEqual(2);
      await expect(card.getByTestId('stream-viewers')).toHaveText(`${await viewerCountNow()} viewers`, {
        timeout: 40_000,
      });
      await card.getByRole('link', { name: 'Join Live Session' }).click();
      await expect(visitor).toHaveURL(streamPath);
      await expect(visitor.getByText('Sign in to watch', { exact: true })).toBeVisible();
      await expect(visitor.getByRole('textbox', { name: 'Message' })).toHaveAttribute('placeholder', 'Sign in to chat');
      await expect(visitor.getByRole('textbox', { name: 'Message' })).toBeDisabled();

      // Chat both ways.
      const chatOf = (viewer: Page) => viewer.getByRole('region', { name: 'Chat' });
      await chatOf(viewerA.page).getByRole('textbox', { name: 'Message' }).fill('   ');
      await expect(chatOf(viewerA.page).getByRole('button', { name: 'Send message' })).toBeDisabled();
      await chatOf(viewerA.page).getByRole('textbox', { name: 'Message' }).fill('What do the cards say for me?');
      await chatOf(viewerA.page).getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(
        chatOf(viewerB.page).getByTestId('stream-chat-message').filter({ hasText: 'What do the cards say for me?' }),
      ).toContainText(`${firstName(userA.name)}:`);
      // The room sees first names only (docs/decisions/024).
      await expect(chatOf(viewerB.page).getByText(userA.name)).toHaveCount(0);
      await chatOf(viewerB.page).getByRole('textbox', { name: 'Message' }).fill('Same question here!');
      await chatOf(viewerB.page).getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(
        chatOf(viewerA.page).getByTestId('stream-chat-message').filter({ hasText: 'Same question here!' }),
      ).toContainText(`${firstName(userB.name)}:`);
      await expect(chatOf(broadcaster.page).getByTestId('stream-chat-message')).toHaveCount(2);

      // A sends a Crystal: both viewers see it over the video and in the chat. The animation shows
      // for a few seconds only, so both pages are watched for it at once, from before the click.
      const animations = Promise.all(
        [viewerA.page, viewerB.page].map((viewer) =>
          expect(viewer.getByTestId('gift-animation')).toContainText(`${firstName(userA.name)} sent a Crystal`),
        ),
      );
      await viewerA.page.getByRole('button', { name: 'Send Crystal for $1.99' }).click();
      await expect(viewerA.page.getByText('Gift sent! 💎')).toBeVisible();
      await animations;
      for (const viewer of [viewerA.page, viewerB.page]) {
        await expect(viewer.getByTestId('chat-gift')).toContainText(`${firstName(userA.name)} sent a Crystal`);
      }
      await expect(broadcaster.page.getByTestId('gift-total')).toHaveText('$1.99 in gifts');
      await expect(viewerA.page.getByRole('list', { name: 'Top gifters' })).toContainText(firstName(userA.name));

      // The reader's wallet grew by exactly their share, withdrawable at once (a gift is never refunded).
      const dashboard = await broadcaster.context.newPage();
      expect(await dashboardWalletCents(dashboard)).toBe(walletBefore + splitCharge(CRYSTAL_CENTS).readerCents);
      expect(splitCharge(CRYSTAL_CENTS).readerCents).toBe(139);
      await dashboard.close();

      // The reader ends the stream; both viewers are told.
      await broadcaster.page.getByRole('button', { name: 'End Stream' }).click();
      await broadcaster.page
        .getByRole('dialog', { name: 'End this stream?' })
        .getByRole('button', { name: 'End Stream' })
        .click();
      for (const viewer of [viewerA.page, viewerB.page, broadcaster.page]) {
        await expect(viewer.getByText('This stream has ended')).toBeVisible();
      }
      await expect(viewerA.page.getByTestId('stream-video')).toHaveCount(0);

      for (const opened of [broadcaster, viewerA, viewerB]) expect(opened.problems, 'console errors').toEqual([]);
    } finally {
      await Promise.all([broadcaster.context.close(), viewerA.context.close(), viewerB.context.close()]);
      await reader.api.dispose();
    }
  });
});

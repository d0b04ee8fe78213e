import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

/*
 * Time that the tests drive (docs/decisions/052). The server bills real 60-second minutes
 * here, as in production, so nothing a test waits on ends by itself while the test acts: a reading
 * stays inside its first three minutes (the refund window) for longer than any test may run, and a
 * side that steps out is back well within its minute of grace. A test that needs a later minute,
 * the end of a top-up window or the refund window behind it moves its own reading on with
 * advanceReading, and then waits for what the pages are told (a billing_update, a pause, an end),
 * never for a number of milliseconds. No other reading moves.
 */

/** Moves one reading on by whole billing minutes, asked by one of its participants (their request context carries the cookie). */
export async function advanceReading(request: APIRequestContext, sessionId: string, minutes = 1) {
  const origin = base.info().project.use.baseURL ?? '';
  const answer = await request.post(`/api/dev/sessions/${sessionId}/advance`, {
    data: { minutes },
    headers: { Origin: origin },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The cost a participant's header shows, in cents. */
export async function shownCostCents(page: Page): Promise<number> {
  return Math.round(Number(((await page.getByTestId('reading-cost').textContent()) ?? '').replace(/[$,]/g, '')) * 100);
}

/** Waits until the page's header shows at least `minutes` billed minutes at `rateCents`: the server's billing_update, as the person sees it. */
export async function waitForBilledMinutes(page: Page, rateCents: number, minutes: number) {
  await expect
    .poll(() => shownCostCents(page), { message: `${minutes} billed minutes shown` })
    .toBeGreaterThanOrEqual(minutes * rateCents);
}

/** A countdown of one billing minute, as a request's answer window or a queue's offer shows it (60 s down to 1 s). */
export const ONE_MINUTE_COUNTDOWN = /^([1-9]|[1-5]\d|60) s$/;

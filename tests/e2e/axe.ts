import type { Page } from '@playwright/test';
import axeCore, { type Result } from 'axe-core';

declare global {
  interface Window {
    axe?: typeof axeCore;
  }
}

/**
 * axe's violations on the page as it is now, within `selector` (the whole document by default).
 *
 * axe-core is injected once per document and stays there across in-app navigations: each injection
 * sends and compiles ~550 KB of script, which cost more than the rules (a scan of /readers took
 * 2.8 s with @axe-core/playwright's default, which also opens a blank page to merge per-frame
 * results, 0.95 s in its legacy mode that still injects twice a scan, and the rules alone 0.3–0.45 s).
 * Our pages hold no cross-origin frame, the one thing that merge is for.
 *
 * Every rule runs and reports every violating node; passes and incomplete results are cut to one
 * node each (`resultTypes`), which no assertion reads.
 */
export async function axeViolations(page: Page, selector?: string): Promise<Result[]> {
  if (!(await page.evaluate(() => typeof window.axe?.run === 'function'))) await page.evaluate(axeCore.source);
  return page.evaluate(async (within) => {
    const results = await window.axe!.run(within ?? document, { resultTypes: ['violations'] });
    return results.violations;
  }, selector);
}

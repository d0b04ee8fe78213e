import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe for one page of ours. Legacy mode runs `axe.run` in the page itself; the default runs the
 * rules in each frame and then opens a blank page to merge the results, which cost more than the
 * rules (a scan of /readers 2.8 s against 0.95 s, of / 2.3 against 0.8, same machine, same
 * findings). Our pages hold no cross-origin frame, the one thing that merge is for.
 *
 * Every rule still runs and reports every violating node; passes and incomplete results are cut to
 * one node each (`resultTypes`), which no assertion reads.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

import { checkPageBudgets } from '../../scripts/page-budgets';
import { expect, test } from './fixtures';

test('the public pages stay in their budgets: home 120 KB of JavaScript (gzip) in 15 scripts, the others 160 KB, layout shifts 0.05, on a phone and a desktop', async () => {
  test.setTimeout(180_000);
  const { report, overBudget } = await checkPageBudgets(test.info().project.use.baseURL!);
  console.info(report.join('\n'));
  expect(overBudget).toEqual([]);
});

import { checkHomeBundle } from '../../scripts/home-bundle-budget';
import { expect, test } from './fixtures';

test('the home page fetches at most 120 KB of JavaScript (gzip) in at most 15 scripts, on a phone and on a desktop', async () => {
  const { report, overBudget } = await checkHomeBundle(test.info().project.use.baseURL!);
  console.info(report.join('\n'));
  expect(overBudget).toEqual([]);
});

import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';

/**
 * CI's one retry is a guard, not a cure: every test that passed only on its retry is named at the
 * end of the run, so it can be made deterministic rather than left to the retry.
 */
export default class RetryReporter implements Reporter {
  private retried: TestCase[] = [];

  onTestEnd(test: TestCase) {
    if (test.outcome() === 'flaky' && !this.retried.includes(test)) this.retried.push(test);
  }

  onEnd(_result: FullResult) {
    if (!this.retried.length) {
      console.log('No test needed a retry.');
      return;
    }
    console.log(`${this.retried.length} test(s) passed only on a retry:`);
    for (const test of this.retried)
      console.log(`  ${test.titlePath().filter(Boolean).join(' › ')} (${test.location.file}:${test.location.line})`);
  }
}

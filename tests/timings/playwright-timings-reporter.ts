import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { recordTiming } from './record-timing';

/** Each browser test's time, every try of it, for the slowest tests `npm test` lists at its end (record-timing.ts). */
export default class PlaywrightTimingsReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    const title = `${test.location.file.replace(/^.*\/tests\//, 'tests/')}:${test.location.line} › ${test.title}${result.retry ? ` (retry ${result.retry})` : ''}`;
    recordTiming(result.duration, `e2e ${test.parent.project()?.name ?? ''}`.trim(), title);
  }
}

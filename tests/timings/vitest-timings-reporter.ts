import type { Reporter, TestCase } from 'vitest/node';
import { recordTiming } from './record-timing';

/** Each Vitest test's time, for the slowest tests `npm test` lists at its end (record-timing.ts). */
export default class VitestTimingsReporter implements Reporter {
  onTestCaseResult(testCase: TestCase) {
    const ms = testCase.diagnostic()?.duration;
    if (ms !== undefined)
      recordTiming(ms, testCase.project.name, `${testCase.module.relativeModuleId} › ${testCase.fullName}`);
  }
}

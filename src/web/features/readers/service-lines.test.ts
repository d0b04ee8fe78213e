import type { ReaderService } from '@shared/readers';
import { describe, expect, it } from 'vitest';
import { serviceLines } from './service-lines';

const NOTHING: ReaderService = {
  acceptanceRate: null,
  medianAcceptSeconds: null,
  completionRate: null,
  writtenOnTimeRate: null,
  readingsCounted: 0,
};
const texts = (service: Partial<ReaderService>) => serviceLines({ ...NOTHING, ...service }).map((line) => line.text);

describe("a reader's service in plain words", () => {
  it('says every figure there is, in one order', () => {
    expect(
      texts({
        medianAcceptSeconds: 20,
        acceptanceRate: 0.8,
        completionRate: 0.96,
        writtenOnTimeRate: 0.9,
        readingsCounted: 25,
      }),
    ).toEqual([
      'Usually accepts within 20 s',
      'Accepts 80% of requests',
      'Completes 96% of readings',
      'Answers 9 in 10 written questions on time',
    ]);
  });

  it('says nothing of a figure the server left null, and nothing at all for a new reader', () => {
    expect(serviceLines({ ...NOTHING, readingsCounted: 3 })).toEqual([]);
    expect(texts({ completionRate: 0.85 })).toEqual(['Completes 85% of readings']);
    expect(serviceLines({ ...NOTHING, writtenOnTimeRate: 0.5 }).map((line) => line.kind)).toEqual(['writtenOnTime']);
  });

  it.each([
    [1, 'Completes 100% of readings'],
    [0.996, 'Completes 99% of readings'],
    [0.29, 'Completes 29% of readings'],
    [0.5, 'Completes 50% of readings'],
    [0, 'Completes 0% of readings'],
  ])('rounds a rate of %s down, never better than it is: %s', (completionRate, text) => {
    expect(texts({ completionRate })).toEqual([text]);
  });

  it.each([
    [0, 'Usually accepts within 1 s'],
    [1, 'Usually accepts within 1 s'],
    [45, 'Usually accepts within 45 s'],
    [60, 'Usually accepts within a minute'],
  ])('tells a median of %s s to accept as %s', (medianAcceptSeconds, text) => {
    expect(texts({ medianAcceptSeconds })).toEqual([text]);
  });

  it.each([
    [1, 'Answers every written question on time'],
    [0.96, 'Answers 9 in 10 written questions on time'],
    [0.7, 'Answers 7 in 10 written questions on time'],
    [0.05, 'Answers fewer than 1 in 10 written questions on time'],
  ])('tells written questions answered on time at %s as %s', (writtenOnTimeRate, text) => {
    expect(texts({ writtenOnTimeRate })).toEqual([text]);
  });
});

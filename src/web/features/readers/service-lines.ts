import type { ReaderService } from '@shared/readers';

/** Which figure a line tells, so the card can pick and each line keep its icon. */
export type ServiceLineKind = 'speed' | 'acceptance' | 'completion' | 'writtenOnTime';

export interface ServiceLine {
  kind: ServiceLineKind;
  text: string;
}

/**
 * Whole percent, rounded down: a reader at 99.6% has not completed every reading, and a figure
 * people choose by should never read better than it is. The small nudge keeps 0.29 × 100
 * (28.999…) at 29.
 */
const percentDown = (rate: number) => Math.floor(rate * 100 + 1e-9);

function acceptWithin(seconds: number): string {
  if (seconds >= 60) return 'Usually accepts within a minute';
  return `Usually accepts within ${Math.max(1, seconds)} s`;
}

function writtenOnTime(rate: number): string {
  if (rate >= 1) return 'Answers every written question on time';
  const inTen = Math.floor(rate * 10 + 1e-9);
  if (inTen === 0) return 'Answers fewer than 1 in 10 written questions on time';
  return `Answers ${inTen} in 10 written questions on time`;
}

/**
 * A reader's service figures in plain words (docs/decisions/067), for the directory's
 * cards and the profile alike; a figure the server left null (too few readings to tell) says nothing.
 */
export function serviceLines(service: ReaderService): ServiceLine[] {
  const lines: ServiceLine[] = [];
  if (service.medianAcceptSeconds !== null)
    lines.push({ kind: 'speed', text: acceptWithin(service.medianAcceptSeconds) });
  if (service.acceptanceRate !== null)
    lines.push({ kind: 'acceptance', text: `Accepts ${percentDown(service.acceptanceRate)}% of requests` });
  if (service.completionRate !== null)
    lines.push({ kind: 'completion', text: `Completes ${percentDown(service.completionRate)}% of readings` });
  if (service.writtenOnTimeRate !== null)
    lines.push({ kind: 'writtenOnTime', text: writtenOnTime(service.writtenOnTimeRate) });
  return lines;
}

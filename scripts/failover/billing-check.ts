/**
 * What one step of the failover proof billed, held against what the participants saw: the minutes
 * billed during the step and the minutes both sides of each reading were connected, no minute
 * billed twice (two minutes of one reading starting less than a minute apart), and none started
 * while a side was cut off for longer than the pause rule allows.
 */
import type { Cutoff, ReadingReport } from './protocol';

export interface BilledMinute {
  sessionId: string;
  minute: number;
  startedAt: number;
}

export interface StepBilling {
  billed: number;
  /** Both sides in the room, summed over the readings, in billing minutes. */
  connectedMinutes: number;
  billedTwice: number;
  billedWhileCutOff: number;
  /** A few of the minutes above, for the log. */
  examples: string[];
}

/** The stretches when at least one of the two sides was away, merged, within [from, to]. */
export function awayStretches(cutoffs: Cutoff[], from: number, to: number): [number, number][] {
  const clipped = cutoffs
    .map((c): [number, number] => [Math.max(from, c.from), Math.min(to, c.back ?? to)])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of clipped) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * `allowanceMs`: how long after a side is cut off a minute may still start, by the pause rule: a
 * dropped socket is noticed within Socket.IO's ping interval and timeout, and a killed node's sides
 * count as present until its lease runs out and the scheduler sweeps it.
 */
export function checkStepBilling(options: {
  readings: ReadingReport[];
  minutes: BilledMinute[];
  from: number;
  to: number;
  minuteMs: number;
  allowanceMs: number;
}): StepBilling {
  const { readings, from, to, minuteMs, allowanceMs } = options;
  const bySession = new Map<string, BilledMinute[]>();
  for (const m of options.minutes) bySession.set(m.sessionId, [...(bySession.get(m.sessionId) ?? []), m]);
  const result: StepBilling = { billed: 0, connectedMinutes: 0, billedTwice: 0, billedWhileCutOff: 0, examples: [] };
  for (const reading of readings) {
    const away = awayStretches([...reading.cutoffs.client, ...reading.cutoffs.reader], from, to);
    const awayMs = away.reduce((sum, [start, end]) => sum + end - start, 0);
    result.connectedMinutes += (to - from - awayMs) / minuteMs;
    const minutes = (bySession.get(reading.id) ?? []).sort((a, b) => a.minute - b.minute);
    minutes.forEach((m, i) => {
      if (m.startedAt < from || m.startedAt > to) return;
      result.billed++;
      const previous = minutes[i - 1];
      if (previous && m.startedAt - previous.startedAt < minuteMs) {
        result.billedTwice++;
        if (result.examples.length < 5)
          result.examples.push(
            `${reading.id} minute ${m.minute} started ${m.startedAt - previous.startedAt} ms after minute ${previous.minute}`,
          );
      }
      const cutOff = [...reading.cutoffs.client, ...reading.cutoffs.reader].find(
        (c) => m.startedAt > c.from + allowanceMs && m.startedAt < (c.rejoinSentAt ?? Number.POSITIVE_INFINITY),
      );
      if (cutOff) {
        result.billedWhileCutOff++;
        if (result.examples.length < 5)
          result.examples.push(
            `${reading.id} minute ${m.minute} started ${m.startedAt - cutOff.from} ms after a side was cut off`,
          );
      }
    });
  }
  return result;
}

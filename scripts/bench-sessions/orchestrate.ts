/** The benchmarks' orchestrators (bench:sessions, bench:failover): their child processes and figures. */
import type { ChildProcess } from 'node:child_process';

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Sends a message to a child process and waits for its answer of one type. */
export function ask<Out extends { type: string }, T extends Out['type']>(
  child: ChildProcess,
  message: unknown,
  answer: T,
): Promise<Extract<Out, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`a bench process exited (${code}) before answering ${answer}`));
    const listener = (reply: Out) => {
      if (reply.type !== answer) return;
      child.off('message', listener);
      child.off('exit', onExit);
      resolve(reply as Extract<Out, { type: T }>);
    };
    child.on('message', listener);
    child.once('exit', onExit);
    if (message) child.send(message as object);
  });
}

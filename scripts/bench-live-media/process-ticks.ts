import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc reports CPU time in hundredths of a second. */
export const CLOCK_TICKS = 100;

/** CPU time (clock ticks) of a process and all its descendants, from /proc: in its own code (user) and in the kernel for it (system). */
export function treeTimes(rootPid: number): { user: number; system: number } {
  const stats = new Map<number, { ppid: number; user: number; system: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), user: Number(fields[11]), system: Number(fields[12]) });
    } catch {
      // The process ended while the table was read.
    }
  }
  const total = { user: 0, system: 0 };
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    total.user += stats.get(pid)?.user ?? 0;
    total.system += stats.get(pid)?.system ?? 0;
    for (const [child, s] of stats) if (s.ppid === pid) queue.push(child);
  }
  return total;
}

/** CPU time (clock ticks) of a process and all its descendants, user and system together. */
export function treeTicks(rootPid: number): number {
  const { user, system } = treeTimes(rootPid);
  return user + system;
}

import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Realtime } from '../../src/server/realtime/realtime';
import { billingUpdateEventSchema, SERVER_EVENTS } from '../../src/shared/realtime';
import { percentile } from '../bench-sessions/orchestrate';

/** A charge the app sent: when its minute fell due, and how long after that the app sent it. */
interface ChargeSent {
  dueAt: number;
  lateMs: number;
}

/** What the app itself did in a window: its charges due in it, and its event loop's longest stall. */
export interface WindowCharges {
  lateMs: number[];
  loopDelayMaxMs: number;
}

/**
 * The app's own side of a charge's delay: when the app sent each reading's `billing_update`
 * against when its minute fell due, seen in the bench's process where the app runs. Beside the
 * clients' due→heard it tells the app's delay from the delivery's (the clients' processes share
 * the machine's two cores), and by due time which step of the run (the storm, the chat) held it.
 */
export function chargesSent(realtime: Realtime, minuteMs: number) {
  const sent: ChargeSent[] = [];
  const counted = new Set<string>();
  const toUser = realtime.toUser;
  realtime.toUser = (userId, event, payload) => {
    const update = event === SERVER_EVENTS.billingUpdate ? billingUpdateEventSchema.safeParse(payload) : undefined;
    const next = update?.success ? update.data.nextMinuteAt : null;
    // Both sides hear each charge: it counts once.
    const charge = `${update?.data?.sessionId}:${next}`;
    if (next && !counted.has(charge)) {
      counted.add(charge);
      const dueAt = Date.parse(next) - minuteMs;
      sent.push({ dueAt, lateMs: Date.now() - dueAt });
    }
    toUser(userId, event, payload);
  };
  return {
    /** Starts a window; `end` gives the charges that fell due in it and the loop's longest stall. */
    during() {
      const from = Date.now();
      const loopDelay = monitorEventLoopDelay({ resolution: 10 });
      loopDelay.enable();
      return {
        end(): WindowCharges {
          const to = Date.now();
          loopDelay.disable();
          return {
            lateMs: sent.filter((charge) => charge.dueAt >= from && charge.dueAt < to).map((charge) => charge.lateMs),
            loopDelayMaxMs: loopDelay.max / 1e6,
          };
        },
      };
    },
  };
}

export function describeCharges({ lateMs, loopDelayMaxMs }: WindowCharges): string {
  const stall = `the event loop's longest stall ${loopDelayMaxMs.toFixed(0)} ms`;
  // A storm of 100 lasts a fraction of a second: most often no minute falls due in it.
  if (lateMs.length === 0) return `no charge fell due in it; ${stall}`;
  const sorted = [...lateMs].sort((a, b) => a - b);
  return `${sorted.length} charges, due→sent p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, max ${sorted.at(-1)} ms; ${stall}`;
}

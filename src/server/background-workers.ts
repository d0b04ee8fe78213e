import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app';
import type { Clock } from './clock';
import { startEmbeddedMaintenance } from './db/embedded-maintenance';
import { startDemoReader } from './features/demo-reader';
import { startMailWorker } from './features/mail/mail-worker';
import { transportFromConfig } from './features/mail/transport-from-config';
import { webPushTransport } from './features/notifications/push-transport';
import { startPushWorker } from './features/notifications/push-worker';
import { resolveVapidKeys } from './features/notifications/vapid-keys';
import { startPayoutSchedule } from './features/payouts/payout-schedule';
import { startPromotionJobs } from './features/promotions';
import type { MessageLimiter, ProcessLease, SessionDeps } from './features/sessions';
import { startMessageRetention } from './features/sessions/message-retention';
import { startScheduler } from './features/sessions/scheduler';
import { startAutoReloads } from './features/wallet/auto-reload';
import type { PaymentsProvider } from './payments/provider';
import type { Realtime } from './realtime/realtime';

type WorkerSwitches = Pick<
  AppDeps,
  | 'config'
  | 'database'
  | 'runScheduler'
  | 'runDemoReader'
  | 'runMessageRetention'
  | 'runMailWorker'
  | 'mailTransport'
  | 'runPushWorker'
  | 'pushTransport'
>;

export interface BackgroundWorkerDeps extends WorkerSwitches {
  clock: Clock;
  realtime: Realtime;
  payments: PaymentsProvider;
  sessions: SessionDeps;
  messageLimiter: MessageLimiter;
  lease: ProcessLease;
  /** How often auto-reloads look for wallets to top up: the billing scheduler's tick. */
  tickMs: number;
  onDeposited: (userId: string) => Promise<void>;
  log: FastifyBaseLogger;
}

/** The work this process does on timers rather than for a request, each switched as AppDeps says. */
export function startBackgroundWorkers(deps: BackgroundWorkerDeps) {
  const { config, database, clock, realtime, payments, sessions, log } = deps;
  const db = database.db;
  const runsScheduler = deps.runScheduler !== false;
  const scheduler = runsScheduler ? startScheduler(sessions, log) : undefined;
  const autoReloads = runsScheduler
    ? startAutoReloads({ db, payments, realtime, clock, onDeposited: deps.onDeposited, log }, deps.tickMs)
    : undefined;
  const promotionJobs = runsScheduler
    ? startPromotionJobs(
        { db, clock, realtime, publicUrl: config.publicUrl, referralCredit: config.referralCredit, log },
        60_000,
      )
    : undefined;
  const demoReader =
    deps.runDemoReader && !config.isProduction
      ? startDemoReader(sessions, deps.messageLimiter, deps.lease, log)
      : undefined;
  const messageRetention =
    deps.runMessageRetention === false
      ? undefined
      : startMessageRetention({ db, clock, retentionDays: config.retentionDays, log });
  const maintenance = startEmbeddedMaintenance(database, log);

  const mailTransport = deps.mailTransport ?? transportFromConfig(config, clock);
  const mailWorker =
    deps.runMailWorker === false
      ? undefined
      : startMailWorker({ db, clock, transport: mailTransport, publicUrl: config.publicUrl }, log);

  const { vapidKeys, pushTransport } = pushSetup(deps);
  const pushWorker =
    deps.runPushWorker === false || !pushTransport
      ? undefined
      : startPushWorker({ db, clock, transport: pushTransport }, log);

  const payoutSchedule =
    config.payments.payoutSchedule === 'weekly'
      ? startPayoutSchedule({ db, realtime, clock, payments }, log)
      : undefined;

  return {
    scheduler,
    autoReloads,
    promotionJobs,
    demoReader,
    messageRetention,
    maintenance,
    mailTransport,
    mailWorker,
    vapidKeys,
    pushWorker,
    payoutSchedule,
  };
}

/** Push (decision 049): off only in production without VAPID keys (config.ts). */
function pushSetup({ config, pushTransport, log }: Pick<BackgroundWorkerDeps, 'config' | 'pushTransport' | 'log'>) {
  const vapidKeys = resolveVapidKeys(config.push);
  // Production generates no keys of its own (several processes must share one pair): say so, not silence.
  if (!vapidKeys && !pushTransport) {
    log.warn(
      'push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys), the same pair on every process',
    );
  }
  return {
    vapidKeys,
    pushTransport: pushTransport ?? (vapidKeys ? webPushTransport(vapidKeys, config.push.subject) : undefined),
  };
}

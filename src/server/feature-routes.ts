import type { FastifyInstance } from 'fastify';
import { registerApiDocs } from './api-docs';
import { blockEffects } from './block-effects';
import type { Auth } from './auth/auth';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import { accountRoutes } from './features/account/routes';
import { adminRoutes } from './features/admin/routes';
import { devAppointmentRoutes } from './features/appointments/dev-routes';
import { appointmentRoutes } from './features/appointments/routes';
import { authRoutes } from './features/auth/routes';
import { blockRoutes } from './features/blocks';
import { clientNoteRoutes } from './features/client-notes';
import { communityRoutes } from './features/community/routes';
import { favoriteRoutes } from './features/favorites/routes';
import { followRoutes } from './features/follows/routes';
import { healthRoutes, type RedisProbe } from './features/health/routes';
import type { LiveDeps } from './features/live/deps';
import { liveMoneyRoutes } from './features/live/gifts/live-money-routes';
import { liveRoutes } from './features/live/routes';
import { devMailboxRoutes } from './features/mail/routes';
import { notifyReaderOnline } from './features/notifications/notify-reader-online';
import { forgetPushDevice } from './features/notifications/push-subscriptions';
import type { VapidKeys } from './features/notifications/push-transport';
import { notificationRoutes } from './features/notifications/routes';
import { paymentRoutes } from './features/payments/routes';
import { payoutRoutes } from './features/payouts/routes';
import { depositPromotions, promotionRoutes } from './features/promotions';
import { closeQueueOf } from './features/queue/offer-queue';
import { queueRoutes } from './features/queue/routes';
import { readerApplicationRoutes } from './features/reader-applications/routes';
import type { DirectoryCache } from './features/readers/directory-cache';
import { readerRoutes } from './features/readers/routes';
import { reportRoutes } from './features/reports/routes';
import { reviewRoutes } from './features/reviews/routes';
import type { MessageLimiter, SessionDeps } from './features/sessions';
import { devSessionRoutes } from './features/sessions/dev-routes';
import { sessionRoutes } from './features/sessions/routes';
import { shopRoutes } from './features/shop/routes';
import { getCashAndCredit } from './features/wallet/credit';
import { createWallet } from './features/wallet/ledger';
import { walletRoutes } from './features/wallet/routes';
import { writtenReadingRoutes } from './features/written-readings/routes';
import { registerMetrics } from './metrics/metrics-routes';
import type { PaymentsProvider } from './payments/provider';
import type { Realtime } from './realtime/realtime';
import { registerWeb } from './web';
import type { WriteSignal } from './write-signal';
import { passwordHasher } from './auth/password-hasher';

/** What the routes are built from: the app's shared parts (app.ts). */
export interface RouteParts {
  config: Config;
  db: Db;
  clock: Clock;
  auth: Auth;
  realtime: Realtime;
  payments: PaymentsProvider;
  sessions: SessionDeps;
  live: LiveDeps;
  messageLimiter: MessageLimiter;
  onDeposited: (userId: string) => Promise<void>;
  directory: DirectoryCache;
  vapidKeys: VapidKeys | null;
  /** The rate limits' Redis connection, which readiness checks. */
  limitsRedis: RedisProbe | undefined;
  isDraining: () => boolean;
  socketCount: () => number;
  web: Parameters<typeof registerWeb>[1];
  onWrite: WriteSignal['onWrite'];
}

/** Every route of the app, in the order they are declared (and documented); the web app's last. */
export async function registerRoutes(app: FastifyInstance, parts: RouteParts) {
  const { config, db, clock } = parts;
  const apiDocs = await registerApiDocs(app, { config, auth: parts.auth });
  registerMetrics(app, {
    db,
    socketCount: parts.socketCount,
    token: config.metricsToken,
    isProduction: config.isProduction,
  });
  await app.register(healthRoutes, { db, clock, redis: parts.limitsRedis, isDraining: parts.isDraining });
  if (config.mail.isMailboxReadable) await app.register(devMailboxRoutes, { mailboxDir: config.mail.mailboxDir });
  await registerAccountRoutes(app, parts);
  await registerMoneyRoutes(app, parts);
  await registerCommunityRoutes(app, parts);
  await registerReadingRoutes(app, parts);
  await registerWeb(app, parts.web, {
    db,
    publicUrl: config.publicUrl,
    profileLinks: parts.directory.profileLinks,
    isTestMode: config.payments.testMode,
    onWrite: parts.onWrite,
  });
  return apiDocs;
}

/** Signing in, the person's own account, and the admin's tools. */
async function registerAccountRoutes(app: FastifyInstance, { auth, db, clock, config, sessions }: RouteParts) {
  await app.register(authRoutes, {
    auth,
    db,
    config,
    walletBalanceOf: (database, userId) => getCashAndCredit(database, userId, new Date(clock.now())),
    forgetPushDevice: (userId, endpoint) => forgetPushDevice(db, userId, endpoint),
  });
  await app.register(accountRoutes, { auth, db, clock, passwordHasher: passwordHasher(config) });
  await app.register(adminRoutes, {
    auth,
    sessions,
    isProduction: config.isProduction,
    onUserCreated: createWallet,
    passwordHasher: passwordHasher(config),
  });
}

/** Money in and out: the wallet, card payments and the provider's webhook, readers' payouts. */
async function registerMoneyRoutes(app: FastifyInstance, parts: RouteParts) {
  const { auth, db, clock, config, realtime, payments, onDeposited } = parts;
  await app.register(walletRoutes, {
    auth,
    db,
    payments,
    testMode: config.payments.testMode,
    realtime,
    clock,
    onDeposited,
    promotions: depositPromotions,
  });
  await app.register(paymentRoutes, {
    auth,
    db,
    payments,
    realtime,
    clock,
    publicUrl: config.publicUrl,
    onDeposited,
    forgedWebhookLimit: config.forgedWebhookLimit,
  });
  await app.register(payoutRoutes, {
    auth,
    db,
    realtime,
    clock,
    payments,
    publicUrl: config.publicUrl,
    payoutMinimumCents: config.payments.payoutMinimumCents,
  });
}

/** The readers and what gathers round them: reviews, the community's features, the shop, applications, notifications. */
async function registerCommunityRoutes(app: FastifyInstance, parts: RouteParts) {
  const { auth, db, clock, config, realtime } = parts;
  // A favorited reader coming online tells their fans; a failure is logged and never stops going online.
  const tellFavoriters = notifyReaderOnline({ db, clock, realtime });
  const onReaderOnline = (readerId: string) =>
    tellFavoriters(readerId).catch((error: unknown) =>
      app.log.error({ err: error }, 'notifying favoriters of a reader online failed'),
    );
  // A reader switching Offline leaves nobody waiting in their queue (in the same transaction).
  await app.register(readerRoutes, {
    auth,
    db,
    realtime,
    clock,
    isProduction: config.isProduction,
    onReaderOnline,
    onReaderOffline: closeQueueOf,
    directory: parts.directory,
  });
  await app.register(reviewRoutes, { db });
  await registerPlainRoutes(app, { auth, db, clock, referralCredit: config.referralCredit });
  await app.register(shopRoutes, { auth, db, clock, realtime, shipWithinDays: config.shipWithinDays });
  await app.register(readerApplicationRoutes, {
    auth,
    db,
    clock,
    publicUrl: config.publicUrl,
    isProduction: config.isProduction,
    onUserCreated: createWallet,
    passwordHasher: passwordHasher(config),
    rateLimit: config.applicationRateLimit,
  });
  await app.register(notificationRoutes, {
    auth,
    db,
    clock,
    push: { publicKey: parts.vapidKeys?.publicKey ?? null, allowsAnyEndpoint: config.push.allowsAnyEndpoint },
  });
}

/** The features whose routes need only the database, the clock and the signed-in user. */
async function registerPlainRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; clock: Clock; referralCredit: { cents: number; days: number } },
) {
  await app.register(favoriteRoutes, deps);
  await app.register(followRoutes, deps);
  await app.register(communityRoutes, deps);
  await app.register(reportRoutes, deps);
  await app.register(promotionRoutes, deps);
  await app.register(clientNoteRoutes, deps);
}

/** Readings in every form (written, booked, live, queued), blocks between their sides, and live streams. */
async function registerReadingRoutes(app: FastifyInstance, parts: RouteParts) {
  const { auth, db, clock, config, realtime, sessions } = parts;
  await app.register(writtenReadingRoutes, { auth, db, clock, realtime, publicUrl: config.publicUrl });
  await app.register(appointmentRoutes, { auth, db, clock, realtime, publicUrl: config.publicUrl });
  if (config.devAppointmentShortcut) await app.register(devAppointmentRoutes, { db, clock });
  if (config.devReadingClock) await app.register(devSessionRoutes, { auth, sessions });
  await app.register(sessionRoutes, {
    auth,
    sessions,
    limiter: parts.messageLimiter,
    iceServers: config.iceServers,
    turn: config.turn,
    retentionDays: config.retentionDays,
    featuredReaders: parts.directory.featured,
  });
  await app.register(queueRoutes, { auth, sessions });
  await app.register(blockRoutes, { auth, db, clock, ...blockEffects(sessions) });
  await app.register(liveMoneyRoutes, { auth, db, clock, realtime });
  await app.register(liveRoutes, { ...parts.live, auth });
}

import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { registerApiDocs } from './api-docs';
import { closeSocketsForRestart, drainSwitch, refuseNewWorkWhileDraining } from './drain';
import { type Auth, createAuth } from './auth/auth';
import { type Clock, systemClock } from './clock';
import { systemTimers, type Timers } from './timers';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { startEmbeddedMaintenance } from './db/embedded-maintenance';
import { ERROR_CODES } from '@shared/errors';
import { isCanonicalPath } from './canonical-path';
import { AppError, forbidden, frameworkErrors, registerErrorHandler } from './errors';
import { accountRoutes } from './features/account/routes';
import { adminRoutes } from './features/admin/routes';
import { authRoutes } from './features/auth/routes';
import { communityRoutes } from './features/community/routes';
import { favoriteRoutes } from './features/favorites/routes';
import { followRoutes } from './features/follows/routes';
import { healthRoutes } from './features/health/routes';
import type { LiveDeps } from './features/live/deps';
import { liveMoneyRoutes } from './features/live/gifts/live-money-routes';
import { type MediaForwarder, startMediaForwarder } from './features/live/media/forwarder/media-forwarder';
import { janusConnections } from './features/live/media/janus/janus-api';
import { startJanusLiveMedia } from './features/live/media/janus/janus-live-media';
import { createStreamLookup } from './features/live/media/stream-lookup';
import { streamSignalRelay } from './features/live/media/stream-signal-relay';
import { liveRoutes } from './features/live/routes';
import { registerLiveSocketHandlers } from './features/live/socket-handlers';
import { streamChangesOnEveryProcess } from './features/live/stream-changes';
import { startMailWorker } from './features/mail/mail-worker';
import { devMailboxRoutes } from './features/mail/routes';
import type { MailTransport } from './features/mail/transport';
import { transportFromConfig } from './features/mail/transport-from-config';
import { notifyReaderOnline } from './features/notifications/notify-reader-online';
import { notifyStreamLive } from './features/notifications/notify-stream-live';
import { startPushWorker } from './features/notifications/push-worker';
import { type PushTransport, webPushTransport } from './features/notifications/push-transport';
import { resolveVapidKeys } from './features/notifications/vapid-keys';
import { notificationRoutes } from './features/notifications/routes';
import { forgetPushDevice } from './features/notifications/push-subscriptions';
import { payoutRoutes } from './features/payouts/routes';
import { closeQueueOf } from './features/queue/offer-queue';
import { queueRoutes } from './features/queue/routes';
import { createDirectoryCache } from './features/readers/directory-cache';
import { readerRoutes } from './features/readers/routes';
import { watchReaders } from './features/readers/watch-readers';
import { readerApplicationRoutes } from './features/reader-applications/routes';
import { reportRoutes } from './features/reports/routes';
import { reviewRoutes } from './features/reviews/routes';
import type { SessionDeps } from './features/sessions/deps';
import { startMessageRetention } from './features/sessions/message-retention';
import { createMessageLimiter } from './features/sessions/messages';
import { devSessionRoutes } from './features/sessions/dev-routes';
import { sessionRoutes } from './features/sessions/routes';
import { startScheduler } from './features/sessions/scheduler';
import { startDemoReader } from './features/demo-reader';
import { registerSessionSocketHandlers } from './features/sessions/socket-handlers';
import { resumeAfterDeposit } from './features/sessions/top-up';
import { shopRoutes } from './features/shop/routes';
import { writtenReadingRoutes } from './features/written-readings/routes';
import { devAppointmentRoutes } from './features/appointments/dev-routes';
import { appointmentRoutes } from './features/appointments/routes';
import { depositPromotions, promotionRoutes, startPromotionJobs } from './features/promotions';
import { blockRoutes } from './features/blocks';
import { clientNoteRoutes } from './features/client-notes';
import { blockEffects } from './block-effects';
import { startAutoReloads } from './features/wallet/auto-reload';
import { createWallet } from './features/wallet/ledger';
import { getCashAndCredit } from './features/wallet/credit';
import { walletRoutes } from './features/wallet/routes';
import { paymentRoutes } from './features/payments/routes';
import { startPayoutSchedule } from './features/payouts/payout-schedule';
import { assertSafeInput } from './input-guard';
import { paymentsFromConfig } from './payments/from-config';
import type { PaymentsProvider } from './payments/provider';
import { routeClientEvents } from './realtime/client-events';
import { registerMetrics } from './metrics/metrics-routes';
import { socketRealtime } from './realtime/realtime';
import { createSocketServer } from './realtime/socket-server';
import { isReadMethod } from './read-methods';
import { ipOf, limitBy, registerRateLimits } from './rate-limits';
import { sessionTiming } from './timing';
import { registerSecurityHeaders } from './security-headers';
import { isTrustedOrigin } from './trusted-origin';
import { OneLineRequestLog } from './request-log';
import { responseSerializer } from './response-serializer';
import { registerWeb } from './web';
import { writeSignal } from './write-signal';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyBaseLogger | false;
  clock?: Clock;
  /** Delays decided on the clock (a live stream's viewer count); a test on a fake clock passes the same fake. */
  timers?: Timers;
  /** 'built' serves dist/web, 'vite' runs the dev server, 'none' is API only (tests). */
  web?: 'built' | 'vite' | 'none';
  /** The card processor; by default the one the config names (the sandbox unless Stripe is set). */
  payments?: PaymentsProvider;
  /** Run the billing scheduler on a timer (default); tests on a fake clock drive it by hand. */
  runScheduler?: boolean;
  /** Sweep expired chat messages at start and then hourly (default); tests call the sweep themselves. */
  runMessageRetention?: boolean;
  /** Send queued mail on a timer (default); tests call runMailWork themselves. */
  runMailWorker?: boolean;
  /** Where mail goes; by default SMTP_URL's server or the local mailbox under DATA_DIR. */
  mailTransport?: MailTransport;
  /** Send queued pushes on a timer (default); tests call runPushWork themselves. */
  runPushWorker?: boolean;
  /** Where pushes go; by default web-push signed with the VAPID keys (push-transport.ts). */
  pushTransport?: PushTransport;
  /** Answer the demo reader Sage from this process (main.ts: while demo data is on, never in production). */
  runDemoReader?: boolean;
  /** Serves live viewers above the peer-to-peer cap; by default werift in a worker when the config enables it. */
  forwarder?: MediaForwarder;
}

/**
 * Fastify 5.12 treats a numeric trustProxy as 'trust nothing' (a direct caller could spoof hops);
 * a hop count is what TRUST_PROXY documents, so it becomes proxy-addr's rule: trust the `hops`
 * addresses nearest to us (index 0 is the socket's peer), as Express does for a number.
 */
function trustProxyOption(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** How long a drain waits for its sockets' closes to be written before it cuts the rest off. */
const SOCKETS_CLOSE_WAIT_MS = 2000;

/** Builds the whole app from injected parts; main.ts only reads config and listens. */
/** The features whose routes need only the database, the clock and the signed-in user. */
async function registerPlainRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; clock: Clock; referralCredit: { cents: number; days: number } }) {
  await app.register(favoriteRoutes, deps);
  await app.register(followRoutes, deps);
  await app.register(communityRoutes, deps);
  await app.register(reportRoutes, deps);
  await app.register(promotionRoutes, deps);
  await app.register(clientNoteRoutes, deps);
}

export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const app: FastifyInstance = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 256 * 1024,
    frameworkErrors,
    // A request that reaches a draining node as its port closes is served (the database closes
    // only after app.close()), not answered 503: a load balancer passes that 503 on as it is.
    return503OnClosing: false,
    // One line a request instead of Fastify's two (request-log.ts).
    logController: new OneLineRequestLog(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  registerErrorHandler(app);
  const draining = drainSwitch();
  refuseNewWorkWhileDraining(app, draining);

  // Every route, as registered: tests walk them all (guards, fuzzing), so a new route is covered.
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });

  // The hooks every request passes take Fastify's callback form: an async hook costs each request
  // a promise and a turn of the microtask queue, for checks that never wait (issue 47).
  // First of all hooks, so every guard after it reads the path the router matched (canonical-path.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    done(isCanonicalPath(request.url) ? undefined : new AppError(ERROR_CODES.badPath, 'The address is not in its plain form'));
  });
  // Before any route's own hooks: a foreign page must not act with the user's cookie (CSRF). Every
  // state-changing request, whatever its path: a check that depends on the path's spelling can be
  // walked around (/%61pi/…, issue 26).
  app.addHook('onRequest', (request, _reply, done) => {
    const isForeignWrite = !isReadMethod(request.method) && !isTrustedOrigin(request.headers, config.trustedOrigins);
    done(isForeignWrite ? forbidden('This request did not come from this site') : undefined);
  });
  // After sign-in checks (onRequest), before validation and handlers; see input-guard.ts.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertSafeInput(request.params);
      assertSafeInput(request.query);
      assertSafeInput(request.body);
      done();
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)));
    }
  });

  const isDevServer = deps.web === 'vite';
  registerSecurityHeaders(app, { isDevServer, hsts: config.isProduction });

  // Before any route (it hooks each route as it is added): answers of 1 KB and more go compressed,
  // brotli or gzip as the client accepts; the web app's files come compressed from the build
  // (web.ts). Request bodies are never inflated: the payment provider's webhook is checked against
  // the very bytes it signed, and a small compressed body must not unpack past the body limit.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });

  // Before any route, so every route's limits share one store (Redis across processes).
  const limitsRedis = await registerRateLimits(app, { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix });
  const { windowMs, userMax, ipMax } = config.apiRateLimit;
  const apiBudget = limitBy(
    app,
    { name: 'api-ip', max: ipMax, windowMs, keyOf: ipOf },
    // Set by the route's sign-in check (onRequest), which runs before this hook.
    { name: 'api-user', max: userMax, windowMs, keyOf: (request) => request.sessionUser?.id },
  );
  app.addHook('preHandler', (request, _reply, done) => {
    // The provider's webhook is not a person's request: a burst of Stripe's deliveries must never be refused.
    const isProviderWebhook = request.routeOptions.config.isProviderWebhook === true;
    if (isReadMethod(request.method) || !request.url.startsWith('/api/') || isProviderWebhook) return done();
    apiBudget(request).then(() => done(), done);
  });

  // Before any route, so it hears every feature's writes (write-signal.ts).
  const writes = writeSignal(app);

  // A new account gets its wallet; auth is handed that step, so it imports no other feature.
  const auth = createAuth(db, config, clock, createWallet);
  const timing = sessionTiming(config.billingMinuteMs);
  const sockets = createSocketServer(app.server, { auth, config, liveness: timing, isDraining: draining.isDraining });
  const realtime = socketRealtime(sockets.io);
  const payments = deps.payments ?? paymentsFromConfig(config, clock, app.log);
  // With JANUS_URL, streams' media goes through Janus (issue 45); without, peer to peer and the forwarder.
  const streamLookup = createStreamLookup(db, clock);
  const janus = startJanusLiveMedia({ db, io: sockets.io, log: app.log, servers: janusConnections(config.liveMedia.janus), forgetStream: streamLookup.forget, hasOtherProcesses: Boolean(config.redisUrl) });
  const onStreamEnded = janus?.rooms.ended;

  const sessions: SessionDeps = {
    db,
    clock,
    realtime,
    timing,
    publicUrl: config.publicUrl,
    concurrency: database.kind === 'postgres' ? 8 : 1,
    onStreamEnded,
  };
  const messageLimiter = createMessageLimiter(sessions);
  const sessionSockets = registerSessionSocketHandlers(sockets.io, sessions, messageLimiter, app.log, draining.isDraining);
  // Followers and reminder holders hear of a go-live after it commits; announce-live.ts logs a failure.
  const notifyFollowers = notifyStreamLive({ db, clock, realtime });
  const onStreamLive: LiveDeps['onStreamLive'] = async (stream) => {
    // The room first: the reader's page, told the stream is live, announces its camera next.
    await janus?.rooms.opened(stream.streamId);
    await notifyFollowers(stream);
  };
  const streamChanges = streamChangesOnEveryProcess(sockets.io, Boolean(config.redisUrl));
  const live: LiveDeps = { db, clock, timers: deps.timers ?? systemTimers, realtime, streamChanges, onStreamLive, onStreamEnded };
  const liveSockets = registerLiveSocketHandlers(sockets.io, live, app.log);
  const forwarderConfig = config.liveMedia.forwarder;
  const forwarder = forwarderConfig && (deps.forwarder ?? startMediaForwarder(forwarderConfig));
  const liveMedia = streamSignalRelay({
    io: sockets.io,
    lookup: streamLookup,
    log: app.log,
    maxViewers: config.liveMedia.p2pMaxViewers,
    ...(forwarder && forwarderConfig && { forwarder: { forwarder, maxViewers: forwarderConfig.maxViewers } }),
    janus: janus?.media,
  });
  routeClientEvents(sockets.io, [sessionSockets.feature, liveSockets.feature, liveMedia, watchReaders], app.log);
  const scheduler = deps.runScheduler === false ? undefined : startScheduler(sessions, app.log);
  // A deposit resumes its client's reading paused for funds at once; should that fail, the
  // scheduler's next pass resumes it from the rows (sessions/top-up.ts).
  const onDeposited = (userId: string) =>
    resumeAfterDeposit(sessions, userId).catch((error: unknown) => app.log.error({ err: error }, 'resuming a reading after a deposit failed'));
  const autoReloads = deps.runScheduler === false ? undefined : startAutoReloads({ db, payments, realtime, clock, onDeposited, log: app.log }, timing.tickMs);
  const promotionJobs =
    deps.runScheduler === false ? undefined : startPromotionJobs({ db, clock, realtime, publicUrl: config.publicUrl, referralCredit: config.referralCredit, log: app.log }, 60_000);
  const demoReader = deps.runDemoReader && !config.isProduction ? startDemoReader(sessions, messageLimiter, sessionSockets.lease, app.log) : undefined;
  const messageRetention =
    deps.runMessageRetention === false ? undefined : startMessageRetention({ db, clock, retentionDays: config.retentionDays, log: app.log });
  const maintenance = startEmbeddedMaintenance(database, app.log);

  const mailTransport = deps.mailTransport ?? transportFromConfig(config, clock);
  const mailWorker = deps.runMailWorker === false ? undefined : startMailWorker({ db, clock, transport: mailTransport, publicUrl: config.publicUrl }, app.log);

  // Push (issue 32): off only in production without VAPID keys (config.ts).
  const vapidKeys = resolveVapidKeys(config.push);
  // Production generates no keys of its own (several processes must share one pair): say so, not silence.
  if (!vapidKeys && !deps.pushTransport) {
    app.log.warn('push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys), the same pair on every process');
  }
  const pushTransport = deps.pushTransport ?? (vapidKeys ? webPushTransport(vapidKeys, config.push.subject) : undefined);
  const pushWorker = deps.runPushWorker === false || !pushTransport ? undefined : startPushWorker({ db, clock, transport: pushTransport }, app.log);

  const apiDocs = await registerApiDocs(app);
  registerMetrics(app, { db, socketCount: () => sockets.io.engine.clientsCount, token: config.metricsToken, isProduction: config.isProduction });
  await app.register(healthRoutes, { db, clock, redis: limitsRedis, isDraining: draining.isDraining });
  if (config.mail.isMailboxReadable) await app.register(devMailboxRoutes, { mailboxDir: config.mail.mailboxDir });
  await app.register(authRoutes, { auth, db, config, walletBalanceOf: (database, userId) => getCashAndCredit(database, userId, new Date(clock.now())), forgetPushDevice: (userId, endpoint) => forgetPushDevice(db, userId, endpoint) });
  await app.register(accountRoutes, { auth, db, clock });
  await app.register(adminRoutes, { auth, sessions, isProduction: config.isProduction, onUserCreated: createWallet });
  await app.register(walletRoutes, { auth, db, payments, testMode: config.payments.testMode, realtime, clock, onDeposited, promotions: depositPromotions });
  await app.register(paymentRoutes, { auth, db, payments, realtime, clock, publicUrl: config.publicUrl, onDeposited, forgedWebhookLimit: config.forgedWebhookLimit });
  await app.register(payoutRoutes, { auth, db, realtime, clock, payments, publicUrl: config.publicUrl, payoutMinimumCents: config.payments.payoutMinimumCents });
  const payoutSchedule = config.payments.payoutSchedule === 'weekly' ? startPayoutSchedule({ db, realtime, clock, payments }, app.log) : undefined;
  // A favorited reader coming online tells their fans; a failure is logged and never stops going online.
  const tellFavoriters = notifyReaderOnline({ db, clock, realtime });
  const onReaderOnline = (readerId: string) =>
    tellFavoriters(readerId).catch((error: unknown) => app.log.error({ err: error }, 'notifying favoriters of a reader online failed'));
  // A reader switching Offline leaves nobody waiting in their queue (in the same transaction).
  // The directory and the sitemap read listed readers from memory, kept current by the database's change notices (decision 042).
  const directory = createDirectoryCache({ db, clock, listen: database.listen });
  await app.register(readerRoutes, { auth, db, realtime, clock, isProduction: config.isProduction, onReaderOnline, onReaderOffline: closeQueueOf, directory });
  await app.register(reviewRoutes, { db });
  await registerPlainRoutes(app, { auth, db, clock, referralCredit: config.referralCredit });
  await app.register(shopRoutes, { auth, db, clock, realtime, shipWithinDays: config.shipWithinDays });
  await app.register(readerApplicationRoutes, {
    auth, db, clock, publicUrl: config.publicUrl, isProduction: config.isProduction, onUserCreated: createWallet, rateLimit: config.applicationRateLimit,
  });
  await app.register(notificationRoutes, { auth, db, clock, push: { publicKey: vapidKeys?.publicKey ?? null, allowsAnyEndpoint: config.push.allowsAnyEndpoint } });
  await app.register(writtenReadingRoutes, { auth, db, clock, realtime, publicUrl: config.publicUrl });
  await app.register(appointmentRoutes, { auth, db, clock, realtime, publicUrl: config.publicUrl });
  if (config.devAppointmentShortcut) await app.register(devAppointmentRoutes, { db, clock });
  if (config.devReadingClock) await app.register(devSessionRoutes, { auth, sessions });
  await app.register(sessionRoutes, { auth, sessions, limiter: messageLimiter, iceServers: config.iceServers, turn: config.turn, retentionDays: config.retentionDays, featuredReaders: directory.featured });
  await app.register(queueRoutes, { auth, sessions });
  await app.register(blockRoutes, { auth, db, clock, ...blockEffects(sessions) });
  await app.register(liveMoneyRoutes, { auth, db, clock, realtime });
  await app.register(liveRoutes, { ...live, auth });
  await registerWeb(app, deps.web ?? 'none', { db, publicUrl: config.publicUrl, profileLinks: directory.profileLinks, isTestMode: config.payments.testMode, onWrite: writes.onWrite });

  // Order matters: no new charges, then no sockets, then wait for the leaves their disconnects
  // started, and only then close Socket.IO and Redis (which those leaves still emit through).
  app.addHook('onClose', async () => {
    await Promise.all([autoReloads?.stop(), promotionJobs?.stop()]);
    await demoReader?.stop();
    directory.stop();
    await scheduler?.stop();
    await payoutSchedule?.stop();
    await messageRetention?.stop();
    await mailWorker?.stop();
    await pushWorker?.stop();
    await maintenance?.stop();
    await janus?.stop();
    sockets.io.local.disconnectSockets(true);
    await sessionSockets.stop();
    await liveSockets.stop();
    await sockets.close();
    await forwarder?.close();
    await limitsRedis?.quit().catch(() => undefined);
  });

  /**
   * SIGTERM's first step (serve.ts), before app.close(): nothing new comes in (drain.ts), the
   * minute in progress commits and no other is charged here, every socket is told and closed, their
   * sides' leaves are written (their readings pause while they are between nodes) and the lease is
   * given up, so another node, or this one restarted, carries on from the rows at once.
   */
  const drain = async () => {
    draining.begin();
    await Promise.all([scheduler?.stop(), autoReloads?.stop(), promotionJobs?.stop(), demoReader?.stop()]);
    await closeSocketsForRestart(sockets.io, SOCKETS_CLOSE_WAIT_MS);
    await sessionSockets.releaseLease();
  };

  return { app, drain, auth, io: sockets.io, realtime, clock, db, sessions, lease: sessionSockets.lease, payments, routes, apiRoutes: apiDocs.routes, messageRetention, mailTransport, vapidKeys };
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

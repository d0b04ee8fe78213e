import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { registerApiRateLimits } from './api-rate-limits';
import { startBackgroundWorkers } from './background-workers';
import {
  closeSocketsForRestart,
  drainSwitch,
  refuseNewWorkWhileDraining,
  refuseUpgradesWhileDraining,
  watchArrivals,
} from './drain';
import { createAuth } from './auth/auth';
import { type Clock, systemClock } from './clock';
import { systemTimers, type Timers } from './timers';
import type { Config } from './config';
import type { Database } from './db/client';
import { frameworkErrors, registerErrorHandler } from './errors';
import { registerRoutes } from './feature-routes';
import type { LiveDeps } from './features/live/deps';
import { type MediaForwarder, startMediaForwarder } from './features/live/media/forwarder/media-forwarder';
import { janusConnections } from './features/live/media/janus/janus-api';
import { startJanusLiveMedia } from './features/live/media/janus/janus-live-media';
import { createStreamLookup } from './features/live/media/stream-lookup';
import { streamSignalRelay } from './features/live/media/stream-signal-relay';
import { registerLiveSocketHandlers } from './features/live/socket-handlers';
import { streamChangesOnEveryProcess } from './features/live/stream-changes';
import type { MailTransport } from './features/mail/transport';
import { notifyStreamLive } from './features/notifications/notify-stream-live';
import type { PushTransport } from './features/notifications/push-transport';
import { createDirectoryCache } from './features/readers/directory-cache';
import { watchReaders } from './features/readers/watch-readers';
import type { SessionDeps } from './features/sessions/deps';
import { createMessageLimiter } from './features/sessions/messages';
import { registerSessionSocketHandlers } from './features/sessions/socket-handlers';
import { resumeAfterDeposit } from './features/sessions/top-up';
import { createWallet } from './features/wallet/ledger';
import { paymentsFromConfig } from './payments/from-config';
import type { PaymentsProvider } from './payments/provider';
import { routeClientEvents } from './realtime/client-events';
import { socketRealtime } from './realtime/realtime';
import { createSocketServer } from './realtime/socket-server';
import { registerRequestGuards } from './request-guards';
import { sessionTiming } from './timing';
import { registerSecurityHeaders } from './security-headers';
import { OneLineRequestLog } from './request-log';
import { responseSerializer } from './response-serializer';
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

/** The Fastify instance with this app's options, compilers and error handler, and no routes yet. */
function createFastify(deps: AppDeps) {
  const app: FastifyInstance = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: trustProxyOption(deps.config.trustProxy),
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
  return app;
}

/** How long a drain waits for its sockets' closes to be written before it cuts the rest off. */
const SOCKETS_CLOSE_WAIT_MS = 2000;

/** Builds the whole app from injected parts; main.ts only reads config and listens. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const app = createFastify(deps);
  const draining = drainSwitch();
  refuseNewWorkWhileDraining(app, draining);

  // Every route, as registered: tests walk them all (guards, fuzzing), so a new route is covered.
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });

  registerRequestGuards(app, config.trustedOrigins);

  const isDevServer = deps.web === 'vite';
  registerSecurityHeaders(app, { isDevServer, hsts: config.isProduction });

  // Before any route (it hooks each route as it is added): answers of 1 KB and more go compressed,
  // brotli or gzip as the client accepts; the web app's files come compressed from the build
  // (web.ts). Request bodies are never inflated: the payment provider's webhook is checked against
  // the very bytes it signed, and a small compressed body must not unpack past the body limit.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });

  // Before any route, so every route's limits share one store (Redis across processes).
  const limitsRedis = await registerApiRateLimits(app, config);

  // Before any route, so it hears every feature's writes (write-signal.ts).
  const writes = writeSignal(app);

  // A new account gets its wallet; auth is handed that step, so it imports no other feature.
  const auth = createAuth(db, config, clock, createWallet);
  const timing = sessionTiming(config.billingMinuteMs);
  const sockets = createSocketServer(app.server, { auth, config, liveness: timing, isDraining: draining.isDraining });
  refuseUpgradesWhileDraining(app.server, draining);
  const arrivals = watchArrivals(app.server);
  const realtime = socketRealtime(sockets.io);
  const payments = deps.payments ?? paymentsFromConfig(config, clock, app.log);
  // With JANUS_URL, streams' media goes through Janus (decision 061); without, peer to peer and the forwarder.
  const streamLookup = createStreamLookup(db, clock);
  const janus = startJanusLiveMedia({
    db,
    io: sockets.io,
    log: app.log,
    servers: janusConnections(config.liveMedia.janus),
    forgetStream: streamLookup.forget,
    hasOtherProcesses: Boolean(config.redisUrl),
  });
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
  const sessionSockets = registerSessionSocketHandlers(
    sockets.io,
    sessions,
    messageLimiter,
    app.log,
    draining.isDraining,
  );
  // Followers and reminder holders hear of a go-live after it commits; announce-live.ts logs a failure.
  const notifyFollowers = notifyStreamLive({ db, clock, realtime });
  const onStreamLive: LiveDeps['onStreamLive'] = async (stream) => {
    // The room first: the reader's page, told the stream is live, announces its camera next.
    await janus?.rooms.opened(stream.streamId);
    await notifyFollowers(stream);
  };
  const streamChanges = streamChangesOnEveryProcess(sockets.io, Boolean(config.redisUrl));
  const live: LiveDeps = {
    db,
    clock,
    timers: deps.timers ?? systemTimers,
    realtime,
    streamChanges,
    onStreamLive,
    onStreamEnded,
  };
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
  // A deposit resumes its client's reading paused for funds at once; should that fail, the
  // scheduler's next pass resumes it from the rows (sessions/top-up.ts).
  const onDeposited = (userId: string) =>
    resumeAfterDeposit(sessions, userId).catch((error: unknown) =>
      app.log.error({ err: error }, 'resuming a reading after a deposit failed'),
    );
  const workers = startBackgroundWorkers({
    ...deps,
    clock,
    realtime,
    payments,
    sessions,
    messageLimiter,
    lease: sessionSockets.lease,
    tickMs: timing.tickMs,
    onDeposited,
    log: app.log,
  });

  // The directory and the sitemap read listed readers from memory, kept current by the database's change notices (decision 042).
  const directory = createDirectoryCache({ db, clock, listen: database.listen });
  const apiDocs = await registerRoutes(app, {
    config,
    db,
    clock,
    auth,
    realtime,
    payments,
    sessions,
    live,
    messageLimiter,
    onDeposited,
    directory,
    vapidKeys: workers.vapidKeys,
    limitsRedis,
    isDraining: draining.isDraining,
    socketCount: () => sockets.io.engine.clientsCount,
    web: deps.web ?? 'none',
    onWrite: writes.onWrite,
  });

  // Order matters: no new charges, then no sockets, then wait for the leaves their disconnects
  // started, and only then close Socket.IO and Redis (which those leaves still emit through).
  app.addHook('onClose', async () => {
    await Promise.all([workers.autoReloads?.stop(), workers.promotionJobs?.stop()]);
    await workers.demoReader?.stop();
    directory.stop();
    await workers.scheduler?.stop();
    await workers.payoutSchedule?.stop();
    await workers.messageRetention?.stop();
    await workers.mailWorker?.stop();
    await workers.pushWorker?.stop();
    await workers.maintenance?.stop();
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
    const { scheduler, autoReloads, promotionJobs, demoReader } = workers;
    await Promise.all([scheduler?.stop(), autoReloads?.stop(), promotionJobs?.stop(), demoReader?.stop()]);
    await closeSocketsForRestart(sockets.io, SOCKETS_CLOSE_WAIT_MS);
    await sessionSockets.releaseLease();
  };

  return {
    app,
    drain,
    arrivals,
    auth,
    io: sockets.io,
    realtime,
    clock,
    db,
    sessions,
    lease: sessionSockets.lease,
    payments,
    routes,
    apiRoutes: apiDocs.routes,
    messageRetention: workers.messageRetention,
    mailTransport: workers.mailTransport,
    vapidKeys: workers.vapidKeys,
  };
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

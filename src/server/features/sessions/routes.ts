import type { FastifyInstance } from 'fastify';
import { sessionsApi } from '@shared/api/sessions';
import type { FeaturedReader } from '@shared/sessions';
import type { Auth } from '../../auth/auth';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
import { clientSessionSummary } from './client-summary';
import type { SessionDeps } from './deps';

type RTCIceServerConfig = { urls: string | string[]; username?: string; credential?: string };
import { listMessages, type MessageLimiter, sendMessage } from './messages';
import { requestSession } from './request-session';
import { respondToSession } from './respond-to-session';
import { sessionDetails } from './session-details';
import { sessionReceipt } from './session-receipt';
import { sessionTranscript } from './session-transcript';
import { extendReading } from './extend-reading';
import { type TurnConfig, turnIceServers } from './turn-credentials';
import { endSession, getSession, rateSession, sessionHistory, startSession } from './session-actions';

export async function sessionRoutes(
  app: FastifyInstance,
  deps: {
    auth: Auth;
    sessions: SessionDeps;
    limiter: MessageLimiter;
    iceServers: RTCIceServerConfig[];
    turn?: TurnConfig;
    /** RETENTION_DAYS: chat messages older than this are deleted (message-retention.ts). */
    retentionDays: number;
    /** The home page's readers, the first of the directory's Recommended order (its cache, app.ts wires it). */
    featuredReaders: (limit: number) => Promise<FeaturedReader[]>;
  },
) {
  const api = { app, auth: deps.auth };
  const { sessions } = deps;

  // ICE servers come from config (ICE_SERVERS), and TURN's from TURN_URLS with a credential made for
  // the caller, so no TURN password is built into the app or shared between people.
  route(api, sessionsApi.rtcConfig, async (request) => ({
    iceServers: [
      ...deps.iceServers,
      ...(deps.turn ? turnIceServers(deps.turn, currentUser(request).id, sessions.clock.now()) : []),
    ],
    billingMinuteMs: sessions.timing.minuteMs,
  }));

  route(api, sessionsApi.availableReaders, async (request) => ({
    readers: await deps.featuredReaders(request.query.limit),
  }));

  route(api, sessionsApi.request, { config: { refusedWhileDraining: true } }, async (request, reply) =>
    reply.status(201).send(await requestSession(sessions, currentUser(request), request.body)),
  );

  route(api, sessionsApi.respond, async (request) => respondToSession(sessions, currentUser(request), request.body));

  route(api, sessionsApi.start, async (request) =>
    startSession(sessions, currentUser(request), request.body.sessionId),
  );

  route(api, sessionsApi.end, async (request) => endSession(sessions, currentUser(request), request.body));

  route(api, sessionsApi.message, async (request, reply) => {
    const { message, masked } = await sendMessage(sessions, deps.limiter, currentUser(request), request.body);
    return reply.status(201).send({ ...message, masked });
  });

  route(api, sessionsApi.history, async (request) => sessionHistory(sessions, currentUser(request), request.query));

  // Public: the privacy policy states the same number of days the server keeps to.
  route(api, sessionsApi.messageRetention, async () => ({ retentionDays: deps.retentionDays }));

  route(api, sessionsApi.summary, async (request) => clientSessionSummary(sessions, currentUser(request)));

  route(api, sessionsApi.get, async (request) => getSession(sessions, currentUser(request), request.params.id));

  route(api, sessionsApi.details, async (request) =>
    sessionDetails(sessions, currentUser(request), request.params.id, deps.retentionDays),
  );

  route(api, sessionsApi.receipt, async (request) =>
    sessionReceipt(sessions.db, currentUser(request), request.params.id),
  );

  route(api, sessionsApi.transcript, async (request, reply) => {
    const transcript = await sessionTranscript(sessions, currentUser(request), request.params.id, {
      timeZone: request.query.timeZone,
      retentionDays: deps.retentionDays,
    });
    return reply
      .type('text/plain; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${transcript.filename}"`)
      .header('Cache-Control', 'private, no-store')
      .send(transcript.text);
  });

  route(api, sessionsApi.messages, async (request) => ({
    messages: await listMessages(sessions, currentUser(request), request.params.id),
  }));

  // Extending a booked reading past its booked length: each side presses Extend (docs/decisions/048).
  route(api, sessionsApi.extend, async (request) =>
    extendReading(sessions, currentUser(request), request.params.id, request.body),
  );

  route(api, sessionsApi.rate, async (request) =>
    rateSession(sessions, currentUser(request), request.params.id, request.body),
  );
}

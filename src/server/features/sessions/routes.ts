import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  availableReadersQuerySchema,
  availableReadersSchema,
  clientSessionSummarySchema,
  historyQuerySchema,
  ratedSessionSchema,
  retentionPolicySchema,
  rtcConfigSchema,
  sessionDetailsSchema,
  sessionEndSchema,
  sessionHistorySchema,
  sessionIdParamsSchema,
  sessionIdSchema,
  sessionMessageSchema,
  sessionMessagesSchema,
  sessionRatingSchema,
  extendReadingSchema,
  sessionReceiptSchema,
  sessionRequestSchema,
  sessionRespondSchema,
  sessionSchema,
  sentChatMessageSchema,
  transcriptQuerySchema,
} from '@shared/sessions';
import type { FeaturedReader } from '@shared/sessions';
import { z } from '@shared/zod-config';
import type { Auth } from '../../auth/auth';
import { currentUser, requireUser } from '../auth';
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { sessions } = deps;
  const signedIn = requireUser(deps.auth);
  const oneSession = { response: { 200: sessionSchema } };

  // ICE servers come from config (ICE_SERVERS), and TURN's from TURN_URLS with a credential made for
  // the caller, so no TURN password is built into the app or shared between people.
  api.get(
    '/api/sessions/rtc-config',
    { onRequest: signedIn, schema: { response: { 200: rtcConfigSchema } } },
    async (request) => ({
      iceServers: [
        ...deps.iceServers,
        ...(deps.turn ? turnIceServers(deps.turn, currentUser(request).id, sessions.clock.now()) : []),
      ],
      billingMinuteMs: sessions.timing.minuteMs,
    }),
  );

  api.get(
    '/api/sessions/available-readers',
    { schema: { querystring: availableReadersQuerySchema, response: { 200: availableReadersSchema } } },
    async (request) => ({
      readers: await deps.featuredReaders(request.query.limit),
    }),
  );

  api.post(
    '/api/sessions/request',
    {
      onRequest: signedIn,
      config: { refusedWhileDraining: true },
      schema: { body: sessionRequestSchema, response: { 201: sessionSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await requestSession(sessions, currentUser(request), request.body)),
  );

  api.post(
    '/api/sessions/respond',
    { onRequest: signedIn, schema: { body: sessionRespondSchema, ...oneSession } },
    async (request) => respondToSession(sessions, currentUser(request), request.body),
  );

  api.post(
    '/api/sessions/start',
    { onRequest: signedIn, schema: { body: sessionIdSchema, ...oneSession } },
    async (request) => startSession(sessions, currentUser(request), request.body.sessionId),
  );

  api.post(
    '/api/sessions/end',
    { onRequest: signedIn, schema: { body: sessionEndSchema, ...oneSession } },
    async (request) => endSession(sessions, currentUser(request), request.body),
  );

  api.post(
    '/api/sessions/message',
    { onRequest: signedIn, schema: { body: sessionMessageSchema, response: { 201: sentChatMessageSchema } } },
    async (request, reply) => {
      const { message, masked } = await sendMessage(sessions, deps.limiter, currentUser(request), request.body);
      return reply.status(201).send({ ...message, masked });
    },
  );

  api.get(
    '/api/sessions/history',
    { onRequest: signedIn, schema: { querystring: historyQuerySchema, response: { 200: sessionHistorySchema } } },
    async (request) => sessionHistory(sessions, currentUser(request), request.query),
  );

  // Public: the privacy policy states the same number of days the server keeps to.
  api.get('/api/sessions/message-retention', { schema: { response: { 200: retentionPolicySchema } } }, async () => ({
    retentionDays: deps.retentionDays,
  }));

  api.get(
    '/api/sessions/summary',
    { onRequest: signedIn, schema: { response: { 200: clientSessionSummarySchema } } },
    async (request) => clientSessionSummary(sessions, currentUser(request)),
  );

  api.get(
    '/api/sessions/:id',
    { onRequest: signedIn, schema: { params: sessionIdParamsSchema, ...oneSession } },
    async (request) => getSession(sessions, currentUser(request), request.params.id),
  );

  api.get(
    '/api/sessions/:id/details',
    { onRequest: signedIn, schema: { params: sessionIdParamsSchema, response: { 200: sessionDetailsSchema } } },
    async (request) => sessionDetails(sessions, currentUser(request), request.params.id, deps.retentionDays),
  );

  api.get(
    '/api/sessions/:id/receipt',
    { onRequest: signedIn, schema: { params: sessionIdParamsSchema, response: { 200: sessionReceiptSchema } } },
    async (request) => sessionReceipt(sessions.db, currentUser(request), request.params.id),
  );

  api.get(
    '/api/sessions/:id/transcript',
    {
      onRequest: signedIn,
      schema: {
        params: sessionIdParamsSchema,
        querystring: transcriptQuerySchema,
        response: { 200: { content: { 'text/plain': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const transcript = await sessionTranscript(sessions, currentUser(request), request.params.id, {
        timeZone: request.query.timeZone,
        retentionDays: deps.retentionDays,
      });
      return reply
        .type('text/plain; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${transcript.filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(transcript.text);
    },
  );

  api.get(
    '/api/sessions/:id/messages',
    { onRequest: signedIn, schema: { params: sessionIdParamsSchema, response: { 200: sessionMessagesSchema } } },
    async (request) => ({
      messages: await listMessages(sessions, currentUser(request), request.params.id),
    }),
  );

  // Extending a booked reading past its booked length: each side presses Extend (docs/decisions/048).
  api.post(
    '/api/sessions/:id/extend',
    { onRequest: signedIn, schema: { params: sessionIdParamsSchema, body: extendReadingSchema, ...oneSession } },
    async (request) => extendReading(sessions, currentUser(request), request.params.id, request.body),
  );

  api.post(
    '/api/sessions/:id/rating',
    {
      onRequest: signedIn,
      schema: { params: sessionIdParamsSchema, body: sessionRatingSchema, response: { 200: ratedSessionSchema } },
    },
    async (request) => rateSession(sessions, currentUser(request), request.params.id, request.body),
  );
}

import { END_REASONS, SESSION_STATUSES, chatMessageSchema, sessionIdSchema, sessionMessageSchema, sessionTypeSchema } from './sessions';
import { z } from './zod-config';

/**
 * The Socket.IO protocol in one place. Every event a browser sends carries one object payload and
 * an acknowledgement callback answered with `{ ok: true, … }` or `{ ok: false, error }`.
 */
export const CLIENT_EVENTS = {
  joinSessionRoom: 'join_session_room',
  leaveSessionRoom: 'leave_session_room',
  webrtcSignal: 'webrtc_signal',
  sessionMessage: 'session_message',
} as const;

export const SERVER_EVENTS = {
  sessionRequest: 'session_request',
  sessionResponse: 'session_response',
  sessionStarted: 'session_started',
  sessionEnded: 'session_ended',
  billingUpdate: 'billing_update',
  newMessage: 'new_message',
  webrtcSignal: 'webrtc_signal',
  readerStatus: 'reader_status',
  walletUpdated: 'wallet_updated',
  participantStatus: 'participant_status',
} as const;

export const joinSessionRoomSchema = sessionIdSchema;
export const leaveSessionRoomSchema = sessionIdSchema;
export const sessionMessageEventSchema = sessionMessageSchema;

export const webrtcSignalSchema = z.object({
  sessionId: z.string().min(1).max(100),
  signal: z.object({
    type: z.enum(['offer', 'answer', 'ice_candidate']),
    // SDP or an ICE candidate; bounded so a socket cannot flood the room with megabytes.
    data: z.unknown().refine((d) => JSON.stringify(d ?? null).length <= 64 * 1024, 'Signal too large'),
  }),
});
export type WebrtcSignal = z.infer<typeof webrtcSignalSchema>;

export type Ack<T extends object = object> = ({ ok: true } & T) | { ok: false; error: { code: string; message: string } };

export const sessionRequestEventSchema = z.object({
  sessionId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  sessionType: sessionTypeSchema,
  ratePerMinuteCents: z.number().int(),
  expiresAt: z.string(),
});
export type SessionRequestEvent = z.infer<typeof sessionRequestEventSchema>;

export const sessionResponseEventSchema = z.object({
  sessionId: z.string(),
  response: z.enum(['accept', 'decline', 'missed', 'cancelled']),
  status: z.enum(SESSION_STATUSES),
});
export type SessionResponseEvent = z.infer<typeof sessionResponseEventSchema>;

export const sessionStartedEventSchema = z.object({ sessionId: z.string(), startedAt: z.string() });

export const billingUpdateEventSchema = z.object({
  sessionId: z.string(),
  minutesCharged: z.number().int(),
  totalCostCents: z.number().int(),
  clientBalanceCents: z.number().int(),
  ratePerMinuteCents: z.number().int(),
  /** True when the balance cannot pay the next minute: the session ends when this one does. */
  isFinalMinute: z.boolean(),
  nextMinuteAt: z.string().nullable(),
});
export type BillingUpdateEvent = z.infer<typeof billingUpdateEventSchema>;

export const sessionEndedEventSchema = z.object({
  sessionId: z.string(),
  reason: z.enum(END_REASONS),
  endedBy: z.string().nullable(),
  totalMinutes: z.number().int(),
  totalCostCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type SessionEndedEvent = z.infer<typeof sessionEndedEventSchema>;

export const newMessageEventSchema = chatMessageSchema;

export const readerStatusEventSchema = z.object({ readerId: z.string(), isOnline: z.boolean() });
export const walletUpdatedEventSchema = z.object({ balanceCents: z.number().int() });
export const participantStatusEventSchema = z.object({
  sessionId: z.string(),
  userId: z.string(),
  isConnected: z.boolean(),
});

/** The failure half of every acknowledgement (see `Ack`). */
export const ackFailureSchema = z.object({
  ok: z.literal(false),
  error: z.object({ code: z.string(), message: z.string() }),
});

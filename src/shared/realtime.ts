import { maskedFlagSchema } from './masked-flag';
import { GIFT_IDS, liveStreamSchema, STREAM_END_REASONS, STREAM_MESSAGE_MAX_LENGTH, streamChatSchema } from './live';
import { notificationSchema } from './notifications';
import { QUEUE_CLOSE_REASONS } from './queue';
import {
  END_REASONS,
  SESSION_STATUSES,
  chatMessageSchema,
  sessionIdSchema,
  sessionMessageSchema,
  sessionBookingSchema,
  sessionSchema,
  sessionTypeSchema,
} from './sessions';
import { CLIENT_EVENTS, SERVER_EVENTS } from './realtime-events';
import { z } from './zod-config';

/**
 * The Socket.IO protocol in one place: every event name with the zod schema of its payload (and,
 * for events a browser sends, of its acknowledgement). The server, the outbox and the web client are
 * typed from these maps, so an event name or a payload that is not here does not compile. Every
 * event a browser sends carries one object payload and an acknowledgement callback answered with
 * `{ ok: true, … }` or `{ ok: false, error }`.
 */
export { CLIENT_EVENTS, SERVER_EVENTS };

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

/** A signal as the other side receives it: who sent it. */
export const relayedSignalSchema = webrtcSignalSchema.extend({ from: z.string() });

export type Ack<T extends object = object> =
  | ({ ok: true } & T)
  | { ok: false; error: { code: string; message: string } };

export const sessionRequestEventSchema = z.object({
  sessionId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  sessionType: sessionTypeSchema,
  ratePerMinuteCents: z.number().int(),
  expiresAt: z.string(),
  /**
   * The start of the reader's next accepted appointment, when it is within the hour: a walk-in reading now would run
   * into it (decision 048).
   */
  nextAppointmentAt: z.string().optional(),
});
export type SessionRequestEvent = z.infer<typeof sessionRequestEventSchema>;

export const sessionResponseEventSchema = z.object({
  sessionId: z.string(),
  response: z.enum(['accept', 'decline', 'missed', 'cancelled']),
  status: z.enum(SESSION_STATUSES),
});
export type SessionResponseEvent = z.infer<typeof sessionResponseEventSchema>;

export const sessionStartedEventSchema = z.object({ sessionId: z.string(), startedAt: z.string() });

/**
 * The meter stopped: no charges, messages or signals until it resumes. `away`: a side left, and it
 * resumes when both are back. `insufficient_funds`: the client cannot pay the next minute, and it
 * resumes when a deposit covers it, or ends at `resumeBy`.
 */
export const sessionPausedEventSchema = z.discriminatedUnion('reason', [
  z.object({
    sessionId: z.string(),
    reason: z.literal('away'),
    pausedAt: z.string(),
    /** The participants who are away. */
    awayUserIds: z.array(z.string()),
  }),
  z.object({
    sessionId: z.string(),
    reason: z.literal('insufficient_funds'),
    pausedAt: z.string(),
    resumeBy: z.string(),
  }),
]);
export type SessionPausedEvent = z.infer<typeof sessionPausedEventSchema>;

/** The pause is over (both sides are back, or a deposit paid the minute): the next minute falls due at `nextMinuteAt`. */
export const sessionResumedEventSchema = z.object({
  sessionId: z.string(),
  resumedAt: z.string(),
  nextMinuteAt: z.string(),
});
export type SessionResumedEvent = z.infer<typeof sessionResumedEventSchema>;

export const billingUpdateEventSchema = z.object({
  sessionId: z.string(),
  minutesCharged: z.number().int(),
  totalCostCents: z.number().int(),
  /** The reader's share of the reading so far, as the ledger holds it: floor(70%) of its total. */
  readerEarningsCents: z.number().int(),
  clientBalanceCents: z.number().int(),
  ratePerMinuteCents: z.number().int(),
  /** This minute was one of the reading's free first minutes: it cost nothing. */
  free: z.boolean(),
  /** How many first minutes of this reading are free (the reader's offer to a first reading). */
  freeMinutes: z.number().int(),
  /** True when the balance cannot pay the next minute, a paid one: when this one ends, the reading pauses for a top-up. */
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
  /** What the reader keeps from the reading: 0 after a refund (it reverses every charge). */
  readerEarningsCents: z.number().int(),
});
export type SessionEndedEvent = z.infer<typeof sessionEndedEventSchema>;

/** To both sides when either presses Extend on a booked reading: its terms as they now stand. */
export const sessionExtensionEventSchema = z.object({ sessionId: z.string(), booking: sessionBookingSchema });

export const newMessageEventSchema = chatMessageSchema;

export const readerStatusEventSchema = z.object({ readerId: z.string(), isOnline: z.boolean() });
/** To everyone when a reader's reading starts or ends: busy readers show as Busy, not Online. */
export const readerBusyEventSchema = z.object({ readerId: z.string(), isBusy: z.boolean() });
/** The wallet's cash; with the promotional credit left when a charge spent some (decision 066). */
export const walletUpdatedEventSchema = z.object({
  balanceCents: z.number().int(),
  creditCents: z.number().int().optional(),
});
export const participantStatusEventSchema = z.object({
  sessionId: z.string(),
  userId: z.string(),
  isConnected: z.boolean(),
});

/** To a client waiting in a reader's line whenever their place in it changes (1 is next). */
export const queuePositionEventSchema = z.object({ readerId: z.string(), position: z.number().int().min(1) });
/** To the first client in line when the reader is free: confirm with a normal request before `expiresAt`. */
export const queueOfferEventSchema = z.object({
  readerId: z.string(),
  readerName: z.string(),
  sessionType: sessionTypeSchema,
  ratePerMinuteCents: z.number().int(),
  expiresAt: z.string(),
});
export type QueueOfferEvent = z.infer<typeof queueOfferEventSchema>;
/** To a client taken out of a line: the reader went offline, or their offer passed unanswered. */
export const queueClosedEventSchema = z.object({
  readerId: z.string(),
  readerName: z.string(),
  reason: z.enum(QUEUE_CLOSE_REASONS),
});
export type QueueClosedEvent = z.infer<typeof queueClosedEventSchema>;

const streamIdField = z.string().trim().min(1, 'This field is required').max(100);
export const joinStreamSchema = z.object({ streamId: streamIdField });
export const leaveStreamSchema = joinStreamSchema;
export const streamMessageSchema = z.object({
  streamId: streamIdField,
  content: z
    .string()
    .trim()
    .min(1, 'Message cannot be empty')
    .max(STREAM_MESSAGE_MAX_LENGTH, `Message must be at most ${STREAM_MESSAGE_MAX_LENGTH} characters`),
});

/**
 * Live media signalling between a stream's reader (the broadcaster) and each viewer, one peer per
 * socket: a viewer asks to `watch`, the broadcaster side answers with an `offer` (or `full` above
 * the media cap), and `answer` / `ice_candidate` / `bye` follow. `to` names the peer (a socket id
 * from a relayed `from`); without it a viewer's signal goes to the stream's broadcaster, and the
 * broadcaster's to the whole room: `ready` when its camera (re)starts (viewers `watch` again),
 * `bye` when it stops.
 */
export const streamSignalSchema = z.object({
  streamId: streamIdField,
  to: z.string().max(100).optional(),
  signal: z.object({
    type: z.enum(['watch', 'offer', 'answer', 'ice_candidate', 'bye', 'full', 'ready']),
    data: z
      .unknown()
      .refine((d) => JSON.stringify(d ?? null).length <= 64 * 1024, 'Signal too large')
      .optional(),
  }),
});
export type StreamSignal = z.infer<typeof streamSignalSchema>;
export const relayedStreamSignalSchema = z.object({
  streamId: z.string(),
  /** The sending peer (socket); answer it with `to`. */
  from: z.string(),
  fromUserId: z.string(),
  signal: streamSignalSchema.shape.signal,
});
export type RelayedStreamSignal = z.infer<typeof relayedStreamSignalSchema>;

/** To a stream's room whenever its number of distinct viewers changes. */
export const streamViewersEventSchema = z.object({ streamId: z.string(), count: z.number().int().min(0) });
export const streamChatEventSchema = streamChatSchema;
/** The reader took a message down: every page removes it. */
export const streamMessageRemovedEventSchema = z.object({ streamId: z.string(), messageId: z.string() });
/** To the room: this user may no longer chat in the stream. */
export const streamMutedEventSchema = z.object({ streamId: z.string(), userId: z.string() });
/** To the room: the reader lifted this user's mute, so their page lets them chat again. */
export const streamUnmutedEventSchema = streamMutedEventSchema;
export const streamGiftEventSchema = z.object({
  id: z.string(),
  streamId: z.string(),
  giftId: z.enum(GIFT_IDS),
  fromName: z.string(),
  amountCents: z.number().int(),
  at: z.string(),
});
export type StreamGiftEvent = z.infer<typeof streamGiftEventSchema>;
export const streamEndedEventSchema = z.object({
  streamId: z.string(),
  endedAt: z.string(),
  reason: z.enum(STREAM_END_REASONS),
});

/**
 * The node this connection is on is stopping (SIGTERM, decision 055) and closes it right after: the
 * client reconnects by itself, to another node behind a load balancer or to this one restarted.
 */
export const serverRestartingEventSchema = z.object({});

/** Every event the server sends, with its payload's schema. */
export const serverEventSchemas = {
  [SERVER_EVENTS.sessionRequest]: sessionRequestEventSchema,
  [SERVER_EVENTS.sessionResponse]: sessionResponseEventSchema,
  [SERVER_EVENTS.sessionStarted]: sessionStartedEventSchema,
  [SERVER_EVENTS.sessionPaused]: sessionPausedEventSchema,
  [SERVER_EVENTS.sessionResumed]: sessionResumedEventSchema,
  [SERVER_EVENTS.sessionEnded]: sessionEndedEventSchema,
  [SERVER_EVENTS.sessionExtension]: sessionExtensionEventSchema,
  [SERVER_EVENTS.billingUpdate]: billingUpdateEventSchema,
  [SERVER_EVENTS.newMessage]: newMessageEventSchema,
  [SERVER_EVENTS.webrtcSignal]: relayedSignalSchema,
  [SERVER_EVENTS.readerStatus]: readerStatusEventSchema,
  [SERVER_EVENTS.readerBusy]: readerBusyEventSchema,
  [SERVER_EVENTS.walletUpdated]: walletUpdatedEventSchema,
  [SERVER_EVENTS.participantStatus]: participantStatusEventSchema,
  [SERVER_EVENTS.queuePosition]: queuePositionEventSchema,
  [SERVER_EVENTS.queueOffer]: queueOfferEventSchema,
  [SERVER_EVENTS.queueClosed]: queueClosedEventSchema,
  [SERVER_EVENTS.streamViewers]: streamViewersEventSchema,
  [SERVER_EVENTS.streamChat]: streamChatEventSchema,
  [SERVER_EVENTS.streamMessageRemoved]: streamMessageRemovedEventSchema,
  [SERVER_EVENTS.streamMuted]: streamMutedEventSchema,
  [SERVER_EVENTS.streamUnmuted]: streamUnmutedEventSchema,
  [SERVER_EVENTS.streamGift]: streamGiftEventSchema,
  [SERVER_EVENTS.streamEnded]: streamEndedEventSchema,
  [SERVER_EVENTS.streamSignal]: relayedStreamSignalSchema,
  [SERVER_EVENTS.notification]: notificationSchema,
  [SERVER_EVENTS.serverRestarting]: serverRestartingEventSchema,
} as const;
export type ServerEvent = keyof typeof serverEventSchemas;
export type ServerEventPayload<E extends ServerEvent> = z.infer<(typeof serverEventSchemas)[E]>;

/** Every event a browser sends: its payload's schema and what a successful acknowledgement adds. */
export const clientEventSchemas = {
  [CLIENT_EVENTS.joinSessionRoom]: { payload: joinSessionRoomSchema, ack: z.object({ session: sessionSchema }) },
  [CLIENT_EVENTS.leaveSessionRoom]: { payload: leaveSessionRoomSchema, ack: z.object({}) },
  [CLIENT_EVENTS.webrtcSignal]: { payload: webrtcSignalSchema, ack: z.object({}) },
  // `masked`: contact details were taken out of the message (decision 068), so the sender is told why.
  [CLIENT_EVENTS.sessionMessage]: {
    payload: sessionMessageEventSchema,
    ack: z.object({ message: chatMessageSchema }).extend(maskedFlagSchema.shape),
  },
  [CLIENT_EVENTS.joinStream]: {
    payload: joinStreamSchema,
    // The stream as it stands, its recent chat (oldest first) and this socket's peer id for media.
    ack: z.object({
      stream: liveStreamSchema,
      messages: z.array(streamChatSchema),
      peerId: z.string(),
      mutedUserIds: z.array(z.string()),
    }),
  },
  [CLIENT_EVENTS.leaveStream]: { payload: leaveStreamSchema, ack: z.object({}) },
  [CLIENT_EVENTS.streamMessage]: {
    payload: streamMessageSchema,
    ack: z.object({ message: streamChatSchema }).extend(maskedFlagSchema.shape),
  },
  [CLIENT_EVENTS.streamSignal]: { payload: streamSignalSchema, ack: z.object({}) },
  // A page that shows readers' presence asks for `reader_status` and `reader_busy`; no other
  // socket hears them, so a reading's sockets are not told of every other reading (decision 029).
  [CLIENT_EVENTS.watchReaders]: { payload: z.object({}), ack: z.object({}) },
  [CLIENT_EVENTS.unwatchReaders]: { payload: z.object({}), ack: z.object({}) },
} as const;
export type ClientEvent = keyof typeof clientEventSchemas;
export type ClientEventPayload<E extends ClientEvent> = z.input<(typeof clientEventSchemas)[E]['payload']>;
export type ClientEventAck<E extends ClientEvent> = z.infer<(typeof clientEventSchemas)[E]['ack']>;

/** Socket.IO's typing of the two directions (`Server<ClientToServerEvents, ServerToClientEvents>`). */
export type ServerToClientEvents = { [E in ServerEvent]: (payload: ServerEventPayload<E>) => void };
export type ClientToServerEvents = {
  [E in ClientEvent]: (payload: ClientEventPayload<E>, ack: (reply: Ack<ClientEventAck<E>>) => void) => void;
};

/** The failure half of every acknowledgement (see `Ack`). */
export const ackFailureSchema = z.object({
  ok: z.literal(false),
  error: z.object({ code: z.string(), message: z.string() }),
});

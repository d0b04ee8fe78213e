/**
 * The Socket.IO events' names, apart from their payloads' schemas (realtime.ts), so a page that
 * only listens by name does not bring zod along (decision 007).
 */
export const CLIENT_EVENTS = {
  joinSessionRoom: 'join_session_room',
  leaveSessionRoom: 'leave_session_room',
  webrtcSignal: 'webrtc_signal',
  sessionMessage: 'session_message',
  joinStream: 'join_stream',
  leaveStream: 'leave_stream',
  streamMessage: 'stream_message',
  streamSignal: 'stream_signal',
  watchReaders: 'watch_readers',
  unwatchReaders: 'unwatch_readers',
} as const;

export const SERVER_EVENTS = {
  sessionRequest: 'session_request',
  sessionResponse: 'session_response',
  sessionStarted: 'session_started',
  sessionPaused: 'session_paused',
  sessionResumed: 'session_resumed',
  sessionEnded: 'session_ended',
  sessionExtension: 'session_extension',
  billingUpdate: 'billing_update',
  newMessage: 'new_message',
  webrtcSignal: 'webrtc_signal',
  readerStatus: 'reader_status',
  readerBusy: 'reader_busy',
  walletUpdated: 'wallet_updated',
  participantStatus: 'participant_status',
  queuePosition: 'queue_position',
  queueOffer: 'queue_offer',
  queueClosed: 'queue_closed',
  streamViewers: 'stream_viewers',
  streamChat: 'stream_chat',
  streamMessageRemoved: 'stream_message_removed',
  streamMuted: 'stream_muted',
  streamUnmuted: 'stream_unmuted',
  streamGift: 'stream_gift',
  streamEnded: 'stream_ended',
  streamSignal: 'stream_signal',
  notification: 'notification',
  serverRestarting: 'server_restarting',
} as const;

import { mapNonEmpty } from './records';
import { GIFTS } from './constants';

/**
 * Live streams' categories, limits and words, apart from their schemas (live.ts re-exports them),
 * so the live list does not bring zod along (decision 007).
 */

/** The live page's category chips (SPEC.md 'Live list'), also the categories a reader picks from. */
export const LIVE_CATEGORIES = ['Tarot Reading', 'Mediumship', 'Celtic Wisdom', 'Manifestation'] as const;
export type LiveCategory = (typeof LIVE_CATEGORIES)[number];

export const STREAM_STATUSES = ['scheduled', 'live', 'ended'] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];

/**
 * Why a stream ended: someone pressed End (its reader, or an admin), or its reader had no page
 * connected for a billing minute and it ended by itself (docs/decisions/034).
 */
export const STREAM_END_REASONS = ['ended', 'reader_left'] as const;
export type StreamEndReason = (typeof STREAM_END_REASONS)[number];
/** A viewer who paid to join this many billing minutes or less before their reader left gets the price back. */
export const READER_LEFT_REFUND_MINUTES = 5;

export const STREAM_TITLE_MAX_LENGTH = 100;
export const STREAM_DESCRIPTION_MAX_LENGTH = 1000;
export const STREAM_EXPECTED_MINUTES_MIN = 5;
export const STREAM_EXPECTED_MINUTES_MAX = 480;
/** One chat message in a stream: at most this many characters. */
export const STREAM_MESSAGE_MAX_LENGTH = 500;
/** The chat history a viewer gets on joining. */
export const STREAM_CHAT_HISTORY = 50;

/**
 * The most viewers one reader's browser sends its camera to, peer to peer (measured with
 * `npm run bench:live-media`; docs/decisions/025). Above it the server's forwarder serves the
 * viewer; the broadcaster's page answers `full` to any more, so none is shown a frozen picture.
 */
export const LIVE_P2P_MAX_VIEWERS = 4;
/**
 * The most viewers one server process's forwarder serves, all streams together: the most measured
 * smooth with `npm run bench:live-media` (BENCH_MODE=werift: 32 at 18% of a core, where the
 * viewers' browsers on the same machine gave out); above it a viewer is told the stream is full.
 */
export const LIVE_FORWARDER_MAX_VIEWERS = 32;
export const LIVE_STREAM_FULL_MESSAGE = 'This stream is full right now — please try again in a few minutes.';

export type GiftId = (typeof GIFTS)[number]['id'];
export const GIFT_IDS = mapNonEmpty(GIFTS, (gift) => gift.id);
export const giftById = (giftId: string) => GIFTS.find((gift) => gift.id === giftId);

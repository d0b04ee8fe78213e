/** A reader earns 70% of every charge; the platform keeps the rest (SPEC.md §9). */
export const READER_SHARE_PERCENT = 70;

export const RATE_MIN_CENTS = 99;
export const RATE_MAX_CENTS = 9999;

/** Bounds on one wallet deposit: protects users from typos (the prototype had none). */
export const DEPOSIT_MIN_CENTS = 100;
export const DEPOSIT_MAX_CENTS = 100_000;
export const QUICK_ADD_CENTS = [2500, 5000, 10000] as const;

/**
 * The least a payout may be, unless PAYOUT_MINIMUM_CENTS says otherwise (decision 039: PsychicCenter pays from $15).
 */
export const PAYOUT_MIN_CENTS = 1500;

export const PASSWORD_MIN_LENGTH = 8;

export const ROLES = ['client', 'reader', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const isRole = (value: unknown): value is Role => ROLES.some((role) => role === value);

export const SESSION_TYPES = ['chat', 'audio', 'video'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

export const FEATURED_READERS_LIMIT = 3;
export const DISPLAYED_SPECIALTIES = 3;
export const HISTORY_PAGE_SIZE = 20;

/** Sessions: a request waits 60 s for an answer; a refund is possible within the first 3 minutes. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const REFUND_WINDOW_MINUTES = 3;
export const DISCONNECT_GRACE_MS = 60_000;
export const MESSAGE_MAX_LENGTH = 2000;
/** A client may rate a paid reading until 7 days after its end. */
export const RATING_WINDOW_DAYS = 7;

export const GIFTS = [
  { id: 'crystal', name: 'Crystal', costCents: 199, emoji: '💎' },
  { id: 'candle', name: 'Candle', costCents: 299, emoji: '🕯️' },
  { id: 'rose', name: 'Rose', costCents: 499, emoji: '🌹' },
  { id: 'star', name: 'Star', costCents: 999, emoji: '⭐' },
  { id: 'golden-aura', name: 'Golden Aura', costCents: 1999, emoji: '✨' },
  { id: 'sacred-blessing', name: 'Sacred Blessing', costCents: 4999, emoji: '🙏' },
] as const;

export const SUPPORT_EMAIL = 'support@soultribe.app';

export const MINUTES_PER_DAY = 1440;

import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { APPOINTMENT_STATUSES } from '../../shared/appointments';
import { COMMUNITY_CATEGORY_NAMES } from '../../shared/community';
import { ROLES, SESSION_TYPES } from '../../shared/constants';
import { LIVE_CATEGORIES, STREAM_END_REASONS, STREAM_STATUSES } from '../../shared/live';
import { MAIL_KINDS, MAIL_STATUSES } from '../../shared/mail';
import { NOTIFICATION_KINDS } from '../../shared/notifications';
import { CREDIT_SOURCES, REFERRAL_VOID_REASONS } from '../../shared/promotions';
import { BLOCK_REASON_MAX_CHARS } from '../../shared/blocks';
import { NOTE_MAX_CHARS } from '../../shared/client-notes';
import { CONTACT_MASK_CONTEXTS } from '../../shared/contact-details';
import { type ChannelChoices, PREFERENCE_KINDS, PUSH_STATUSES } from '../../shared/notification-preferences';
import type { PushPayload } from '../../shared/push-payload';
import { READER_APPLICATION_STATUSES } from '../../shared/reader-applications';
import { REPORT_STATUSES, REPORT_TARGET_TYPES } from '../../shared/reports';
import { END_REASONS, PAUSE_REASONS, SESSION_STATUSES } from '../../shared/sessions';
import { SHIPMENT_STATUSES, type ShippingAddress } from '../../shared/shipping';
import { SHOP_CATEGORIES } from '../../shared/shop';
import { WRITTEN_READING_STATUSES } from '../../shared/written-readings';
import {
  DEPOSIT_LIMIT_PERIODS,
  DEPOSIT_STATUSES,
  PAYOUT_STATUSES,
  type ReadingReminderMinutes,
} from '../../shared/wallet';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// Better Auth's four tables (field names are the ones its drizzle adapter expects).
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ROLES }).notNull().default('client'),
    /** Set while an admin has suspended the account: no sign-in, no bookings. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Better Auth's twoFactor plugin: on once an authenticator app's first code was verified. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** Set when the person deleted their account: the row stays (money records point at it), anonymized. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('user_role_check', sql`${t.role} in ('client', 'reader', 'admin')`),
    // The few suspended accounts: public reader listings leave them out with an anti-join on this.
    index('user_suspended_idx').on(t.id).where(sql`${t.suspendedAt} is not null`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ...timestamps,
});

/** Better Auth's twoFactor plugin: the TOTP secret and backup codes, both encrypted with AUTH_SECRET. */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId), index('two_factor_secret_idx').on(t.secret)],
);

/**
 * Outgoing mail (docs/decisions/028): a request only inserts a row; the mail worker leases due rows
 * (SKIP LOCKED), sends outside any transaction and marks them sent, or retries with a back-off.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<{ label: string; url: string }[]>().notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** While a worker is sending it; a worker that died mid-send lets the lease lapse and another retries. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('mail_messages_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
    index('mail_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('mail_messages_to_idx').on(t.toAddress),
  ],
);

/** The specialties with every letter lower-cased, still a JSON array: `@>` on it is a case-insensitive exact match. */
export const readerSpecialtiesLower = (t: { specialties: AnyPgColumn }) => sql`(lower(${t.specialties}::text)::jsonb)`;

/**
 * A reader's name as their profile shows it, `first_name || ' ' || last_name`, of reader_profiles
 * or an alias of it: the one spelling every query that names a reader uses (readers' readerFullName
 * is it for reader_profiles itself).
 */
export const readerFullNameOf = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string>`${t.firstName} || ' ' || ${t.lastName}`;

export const readerProfiles = pgTable(
  'reader_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    username: text('username').notNull(),
    bio: text('bio').notNull(),
    specialties: jsonb('specialties').$type<string[]>().notNull(),
    yearsExperience: integer('years_experience').notNull(),
    chatRateCents: integer('chat_rate_cents').notNull(),
    audioRateCents: integer('audio_rate_cents').notNull(),
    videoRateCents: integer('video_rate_cents').notNull(),
    profileImage: text('profile_image'),
    /** The IANA zone the reader's weekly availability slots are written in (e.g. America/New_York). */
    timeZone: text('time_zone').notNull().default('UTC'),
    isOnline: boolean('is_online').notNull().default(false),
    /**
     * Where the reader's pages are: `node_id` is the app process holding one (seen for as long as
     * that process beats, see app_nodes); with none, `seen_at` is when the last one closed. An online
     * reader unseen for a minute goes offline (realtime/presence/reader-presence.ts).
     */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    nodeId: text('node_id'),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    completedSessions: integer('completed_sessions').notNull().default(0),
    /** The reader's offer: this many first minutes free to a client's first reading with them (0–5). */
    freeMinutes: integer('free_minutes').notNull().default(0),
    /** The demo reader the server answers itself (demo mode only, decision 041): chat only, never a person. */
    repliesAutomated: boolean('replies_automated').notNull().default(false),
    /** The price of one written question (decision 047); null: the reader does not take written questions. */
    writtenReadingPriceCents: integer('written_reading_price_cents'),
    /** The answer time the reader promises for a written question (24 or 48 hours); kept while opted out. */
    writtenReadingAnswerHours: integer('written_reading_answer_hours').notNull().default(24),
    /**
     * Everything the directory's search looks in, lower-cased, kept by PostgreSQL: `like '%word%'`
     * on it is a plain scan (10x cheaper than building the text per row) or, for a rare word, the
     * trigram index below (pg_trgm, which db/client.ts loads into PGlite). A newline between fields
     * keeps a search typed with spaces from matching across two of them.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${readerFullNameOf(readerProfiles)} || E'\\n' || ${readerProfiles.username} || E'\\n' || ${readerProfiles.bio} || E'\\n' || ${readerProfiles.specialties}::text)`,
      ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reader_profiles_username_key').on(sql`lower(${t.username})`),
    // The directory's search and specialty filter (readers/list-directory.ts writes the same expression).
    index('reader_profiles_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('reader_profiles_specialties_idx').using('gin', sql`${readerSpecialtiesLower(t)} jsonb_path_ops`),
    check(
      'reader_rates_check',
      sql`${t.chatRateCents} between 99 and 9999 and ${t.audioRateCents} between 99 and 9999 and ${t.videoRateCents} between 99 and 9999`,
    ),
    check('reader_free_minutes_check', sql`${t.freeMinutes} between 0 and 5`),
    check(
      'reader_written_reading_check',
      sql`(${t.writtenReadingPriceCents} is null or ${t.writtenReadingPriceCents} between 500 and 10000) and ${t.writtenReadingAnswerHours} in (24, 48)`,
    ),
  ],
);

/**
 * Ledger accounts. Each user has a wallet (`wallet:<userId>`: deposits and spending), an escrow
 * (`escrow:<userId>`: a reader's shares of readings still refundable) and earnings
 * (`earnings:<userId>`: earned and final, the only money a payout takes); see
 * docs/decisions/009. The platform's revenue, the external payments world and pending payouts are
 * system accounts. Every account but external (where deposits come from) stays >= 0.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'restrict' }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // `hold:<userId>`: money a client put aside for a written question (later an appointment), which they cannot spend (docs/decisions/046).
    check(
      'ledger_accounts_kind_check',
      sql`${t.kind} in ('wallet', 'escrow', 'earnings', 'revenue', 'external', 'payouts_pending', 'disputes', 'hold', 'credit', 'marketing')`,
    ),
    // `credit:<userId>`: a client's promotional credit, apart from their cash; `marketing:promotions` pays for it
    // (docs/decisions/066).
    // `disputes:<userId>` carries what a lost dispute or a card refund took beyond the wallet (docs/decisions/039).
    // marketing:promotions is below zero by the credit it has given and not taken back (docs/decisions/066).
    check(
      'ledger_accounts_non_negative',
      sql`${t.kind} in ('external', 'disputes', 'marketing') or ${t.balanceCents} >= 0`,
    ),
    uniqueIndex('ledger_accounts_user_kind_key').on(t.userId, t.kind),
  ],
);

/** Immutable transfers: a correction is a new transfer, never an update. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    debitAccountId: text('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: text('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_transfers_amount_positive', sql`${t.amountCents} > 0`),
    check('ledger_transfers_distinct_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.id),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.id),
    index('ledger_transfers_reference_idx').on(t.reference),
  ],
);

/** One row per deposit attempt, keyed by the caller's idempotency key (scoped to the user). */
export const deposits = pgTable(
  'deposits',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    status: text('status', { enum: DEPOSIT_STATUSES }).notNull(),
    failureMessage: text('failure_message'),
    /** The wallet balance the first answer reported, so a replay repeats that answer exactly. */
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }),
    /**
     * When a request last started charging this deposit at the provider; null while no one is. A
     * retry may take over a pending deposit whose attempt ended without an answer (a network error)
     * or is older than the lease (a crashed server), reusing the same provider idempotency key.
     */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    /** A deposit through Stripe Checkout (decision 039): the session it was paid in, then its PaymentIntent. */
    checkoutSessionId: text('checkout_session_id'),
    /** Unique: one payment credits one deposit, whatever the number of events announcing it. */
    paymentIntentId: text('payment_intent_id'),
    /** Refunded to the card and moved in the ledger (charge.refunded), in cents. */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    /** A chargeback on this deposit's payment: open freezes the wallet; lost debits it (docs/decisions/039). */
    disputeId: text('dispute_id'),
    disputeStatus: text('dispute_status', { enum: ['open', 'won', 'lost'] }),
    /** The promotion code given with this deposit (decision 066): its bonus is granted when the deposit is credited. */
    promotionId: text('promotion_id').references((): AnyPgColumn => promotions.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('deposits_user_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('deposits_checkout_session_key').on(t.checkoutSessionId),
    uniqueIndex('deposits_payment_intent_key').on(t.paymentIntentId),
    index('deposits_open_dispute_idx').on(t.userId).where(sql`${t.disputeStatus} = 'open'`),
    check('deposits_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('deposits_dispute_status_check', sql`${t.disputeStatus} in ('open', 'won', 'lost')`),
  ],
);

/**
 * Every provider event we accepted, by Stripe's event id: a replayed or racing delivery of one
 * event finds its row and moves nothing. Written in the transaction that acts on the event, so a
 * failure leaves no row and Stripe's retry is handled as new.
 */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** What we did: 'handled', or why we ignored it (logged too). */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** An admin's refund of part of a deposit to its card; moved in the ledger on charge.refunded. */
export const depositRefunds = pgTable(
  'deposit_refunds',
  {
    id: text('id').primaryKey(),
    depositId: text('deposit_id')
      .notNull()
      .references(() => deposits.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    providerRefundId: text('provider_refund_id'),
    requestedBy: text('requested_by').references(() => user.id),
    ...timestamps,
  },
  (t) => [
    index('deposit_refunds_deposit_idx').on(t.depositId),
    check('deposit_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('deposit_refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** A user's Customer at the provider (Stripe's cus_…), made the first time they save a card. */
export const paymentCustomers = pgTable('payment_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id),
  customerId: text('customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Cards saved at checkout (payment_method.attached): charged later without the person's page. */
export const savedCards = pgTable(
  'saved_cards',
  {
    /** The provider's payment method id (pm_…). */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_cards_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A client's auto-reload (docs/decisions/039): while one of their readings runs and the
 * wallet is below `thresholdCents` (or below the reading's rate), the saved card is charged
 * `amountCents` off session. `inFlightKey` is the one charge under way (at most one per person);
 * `failedAt` stops further tries after a decline until the person saves the settings again.
 */
export const autoReloadSettings = pgTable(
  'auto_reload_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id),
    enabled: boolean('enabled').notNull(),
    thresholdCents: integer('threshold_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** A removed card leaves auto-reload without a card: it stops until another is chosen. */
    cardId: text('card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    inFlightKey: text('in_flight_key'),
    inFlightSince: timestamp('in_flight_since', { withTimezone: true }),
    failureMessage: text('failure_message'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('auto_reload_amounts_check', sql`${t.thresholdCents} >= 0 and ${t.amountCents} > 0`),
    index('auto_reload_enabled_idx').on(t.userId).where(sql`${t.enabled}`),
  ],
);

/** A reader's Stripe Connect (Express) account, kept current by account.updated. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id),
    accountId: text('account_id').notNull().unique(),
    status: text('status', { enum: ['pending', 'enabled', 'restricted'] }).notNull(),
    /** Stripe's requirements.currently_due: what the reader still has to give. */
    requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [check('payout_accounts_status_check', sql`${t.status} in ('pending', 'enabled', 'restricted')`)],
);

export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    readerId: text('reader_id')
      .notNull()
      .references(() => user.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    decidedBy: text('decided_by').references(() => user.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Set with the decision; the mail worker tells the reader and clears it (mail/notices.ts). */
    decisionMailDue: boolean('decision_mail_due').notNull().default(false),
    /** The Stripe Transfer that paid it (decision 039); a payout is paid only once this exists. */
    transferId: text('transfer_id'),
    /** Why a paid payout came back (transfer.reversed) or could not be sent. */
    failureReason: text('failure_reason'),
    /**
     * When an approval started the provider transfer (decision 039). Set before the network call, so a
     * rejection can no longer race a transfer; an approval retried after a lost answer reuses the
     * payout's id as the provider's idempotency key and makes no second transfer.
     */
    transferStartedAt: timestamp('transfer_started_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('payouts_decision_mail_idx').on(t.id).where(sql`${t.decisionMailDue}`),
    uniqueIndex('payouts_transfer_key').on(t.transferId),
    check('payouts_status_check', sql`${t.status} in ('pending', 'paid', 'rejected', 'failed')`),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
    index('payouts_reader_idx').on(t.readerId, t.createdAt),
  ],
);

/**
 * Reading sessions: the request, the answer, the live part and its billing state. The scheduler
 * works only from these rows (due minutes, presence), so a restart or a second process resumes
 * billing from the database.
 */
/**
 * The app processes: each writes its own row once per heartbeat, which keeps every socket it holds
 * present (realtime/presence/node-lease.ts). One statement per process per beat, whatever the number of
 * readings; a process that stops beating is swept, and what it held is away from its last beat.
 */
export const appNodes = pgTable('app_nodes', {
  id: text('id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/**
 * A reading the scheduler may have work on other than its due minute: an unanswered or unjoined
 * request, a paused meter, or a side no live process holds (away or gone). Every other reading of
 * the full pass's rule is running with both sides held, and is due only when its minute is, which
 * the (status, next_minute_at) index finds. Indexed, so the full pass does not read every reading.
 */
export const needsSchedulerAttention = (t: {
  status: AnyPgColumn;
  pausedAt: AnyPgColumn;
  clientNodeId: AnyPgColumn;
  readerNodeId: AnyPgColumn;
}) =>
  sql`(${t.status} in ('requested', 'accepted') or (${t.status} = 'active' and (${t.pausedAt} is not null or ${t.clientNodeId} is null or ${t.readerNodeId} is null)))`;

export const readingSessions = pgTable(
  'reading_sessions',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => user.id),
    readerId: text('reader_id')
      .notNull()
      .references(() => user.id),
    sessionType: text('session_type', { enum: SESSION_TYPES }).notNull(),
    status: text('status', { enum: SESSION_STATUSES }).notNull(),
    ratePerMinuteCents: integer('rate_per_minute_cents').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: END_REASONS }),
    endedBy: text('ended_by'),
    minutesCharged: integer('minutes_charged').notNull().default(0),
    totalCostCents: integer('total_cost_cents').notNull().default(0),
    readerEarningsCents: integer('reader_earnings_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    nextMinuteAt: timestamp('next_minute_at', { withTimezone: true }),
    /**
     * Each side's presence in the session room (realtime/presence/session-presence.ts): while `*_node_id` names the app
     * process holding its socket, the side is there for as long as that process beats (app_nodes);
     * otherwise `*_seen_at` is when it was last there.
     */
    clientSeenAt: timestamp('client_seen_at', { withTimezone: true }),
    readerSeenAt: timestamp('reader_seen_at', { withTimezone: true }),
    clientNodeId: text('client_node_id'),
    readerNodeId: text('reader_node_id'),
    /** Set while the meter is paused because a side is away; see sessions/pause.ts. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Why the meter is paused: a side is away, or the client cannot pay the next minute (until `resume_by`). */
    pauseReason: text('pause_reason', { enum: PAUSE_REASONS }),
    resumeBy: timestamp('resume_by', { withTimezone: true }),
    /** The free minutes this reading was given when it was requested (the reader's offer to a first reading). */
    freeMinutes: integer('free_minutes').notNull().default(0),
    rating: integer('rating'),
    review: text('review'),
    /** An admin hid the review (a decided report): the rating still counts, the text is not shown. */
    reviewHiddenAt: timestamp('review_hidden_at', { withTimezone: true }),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    /** Set by the reading's end (and its rating) in their own transactions; the mail worker queues the message and clears it (mail/notices.ts). */
    receiptMailDue: boolean('receipt_mail_due').notNull().default(false),
    reviewMailDue: boolean('review_mail_due').notNull().default(false),
    /**
     * A booked reading (docs/decisions/048): its minutes are charged from the client's hold
     * and it ends after `max_minutes` (the booked length); null for a walk-in reading.
     */
    appointmentId: text('appointment_id').references((): AnyPgColumn => appointments.id),
    maxMinutes: integer('max_minutes'),
    /**
     * A booked reading both sides chose to go on with past its booked length (docs/decisions/048,
     * 'Extending'): when each side pressed Extend, and the rate the client agreed to, the reader's live
     * rate for the type then. Once both pressed, every minute past `max_minutes` is charged from the
     * client's wallet at that rate, and the reading runs until either side ends it or the money does.
     */
    clientExtendedAt: timestamp('client_extended_at', { withTimezone: true }),
    readerExtendedAt: timestamp('reader_extended_at', { withTimezone: true }),
    extensionRatePerMinuteCents: integer('extension_rate_per_minute_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'reading_sessions_extension_check',
      sql`(${t.clientExtendedAt} is null and ${t.readerExtendedAt} is null and ${t.extensionRatePerMinuteCents} is null) or (${t.appointmentId} is not null and (${t.clientExtendedAt} is null) = (${t.extensionRatePerMinuteCents} is null) and (${t.extensionRatePerMinuteCents} is null or ${t.extensionRatePerMinuteCents} > 0))`,
    ),
    check(
      'reading_sessions_appointment_check',
      sql`(${t.appointmentId} is null) = (${t.maxMinutes} is null) and (${t.appointmentId} is null or ${t.freeMinutes} = 0)`,
    ),
    // One open reading per appointment: two Joins at once start one.
    uniqueIndex('reading_sessions_one_open_per_appointment')
      .on(t.appointmentId)
      .where(sql`${t.status} in ('requested', 'accepted', 'active')`),
    check('reading_sessions_type_check', sql`${t.sessionType} in ('chat', 'audio', 'video')`),
    check(
      'reading_sessions_status_check',
      sql`${t.status} in ('requested', 'accepted', 'declined', 'missed', 'cancelled', 'active', 'completed')`,
    ),
    check(
      'reading_sessions_pause_reason_check',
      sql`${t.pauseReason} is null or ${t.pauseReason} in ('away', 'insufficient_funds')`,
    ),
    check('reading_sessions_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    // One open session per reader and per client: the database decides when two requests race.
    uniqueIndex('reading_sessions_one_open_per_reader')
      .on(t.readerId)
      .where(sql`${t.status} in ('requested', 'accepted', 'active')`),
    uniqueIndex('reading_sessions_one_open_per_client')
      .on(t.clientId)
      .where(sql`${t.status} in ('requested', 'accepted', 'active')`),
    index('reading_sessions_due_idx').on(t.status, t.nextMinuteAt),
    // The few readings the scheduler's full pass looks at besides due minutes (needsSchedulerAttention).
    index('reading_sessions_attention_idx').on(t.id).where(needsSchedulerAttention(t)),
    index('reading_sessions_client_idx').on(t.clientId, t.requestedAt),
    index('reading_sessions_reader_idx').on(t.readerId, t.requestedAt),
    index('reading_sessions_receipt_mail_idx').on(t.id).where(sql`${t.receiptMailDue}`),
    index('reading_sessions_review_mail_idx').on(t.id).where(sql`${t.reviewMailDue}`),
    // A reader's reviews, newest first (the profile's reviews listing).
    index('reading_sessions_reader_reviews_idx').on(t.readerId, t.ratedAt.desc()).where(sql`${t.rating} is not null`),
  ],
);

/**
 * One row per billed minute of a reading, written in the same transaction as its ledger transfers
 * (none for a free minute): the receipt's lines. A paid line's reader and platform cents are the
 * amounts of its two ledger legs.
 */
export const sessionMinutes = pgTable(
  'session_minutes',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => readingSessions.id, { onDelete: 'cascade' }),
    minute: integer('minute').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    readerCents: integer('reader_cents').notNull(),
    platformCents: integer('platform_cents').notNull(),
    free: boolean('free').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.minute] }),
    check(
      'session_minutes_split_check',
      sql`${t.amountCents} = ${t.readerCents} + ${t.platformCents} and ${t.readerCents} >= 0 and ${t.platformCents} >= 0`,
    ),
  ],
);

export const sessionMessages = pgTable(
  'session_messages',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => readingSessions.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id),
    content: text('content').notNull(),
    messageType: text('message_type').notNull().default('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_messages_session_idx').on(t.sessionId, t.createdAt)],
);

/**
 * A reader's usual weekly availability: one row per slot, in the reader's own `time_zone`
 * (minutes from local midnight, end exclusive), so "Mondays 9–5" stays 9–5 across daylight saving.
 */
export const readerAvailability = pgTable(
  'reader_availability',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    readerId: text('reader_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 0 = Sunday … 6 = Saturday, as `Date.getDay()`. */
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [
    check(
      'reader_availability_slot_check',
      sql`${t.weekday} between 0 and 6 and ${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`,
    ),
    index('reader_availability_reader_idx').on(t.readerId, t.weekday, t.startMinute),
  ],
);

/** Readers a client has hearted; one row per pair, so favoriting twice changes nothing. */
export const favoriteReaders = pgTable(
  'favorite_readers',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    readerId: text('reader_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.readerId] }), index('favorite_readers_reader_idx').on(t.readerId)],
);

/**
 * A client's own limits on deposits, one row per period. `limit_cents` is in force (null: none); a
 * raise or removal waits in `pending_limit_cents` until `pending_effective_at`.
 */
export const depositLimits = pgTable(
  'deposit_limits',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    period: text('period', { enum: DEPOSIT_LIMIT_PERIODS }).notNull(),
    limitCents: integer('limit_cents'),
    pendingLimitCents: integer('pending_limit_cents'),
    pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.period] }),
    check('deposit_limits_period_check', sql`${t.period} in ('daily', 'weekly', 'monthly')`),
  ],
);

/** A client's preferences that are not money rules, such as the reading reminder. */
export const clientPreferences = pgTable(
  'client_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Remind the client of the time and cost so far every this many minutes of a reading (null: never). */
    readingReminderMinutes: integer('reading_reminder_minutes').$type<ReadingReminderMinutes>(),
    ...timestamps,
  },
  (t) => [
    check(
      'client_preferences_reminder_check',
      sql`${t.readingReminderMinutes} is null or ${t.readingReminderMinutes} in (10, 15, 30)`,
    ),
  ],
);

/**
 * Clients waiting for a busy reader, in `joined_at` order. A client waits in one line at a time.
 * The first in line is offered the reader when their reading ends (`offered_at`, `offer_expires_at`).
 */
export const readerQueue = pgTable(
  'reader_queue',
  {
    clientId: text('client_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    readerId: text('reader_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sessionType: text('session_type', { enum: SESSION_TYPES }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
  },
  (t) => [
    check('reader_queue_type_check', sql`${t.sessionType} in ('chat', 'audio', 'video')`),
    index('reader_queue_reader_idx').on(t.readerId, t.joinedAt),
    index('reader_queue_offer_idx').on(t.offerExpiresAt).where(sql`${t.offerExpiresAt} is not null`),
  ],
);

/**
 * A reader's live broadcast (decision 023). `scheduled` until the reader goes live, `live` while on air,
 * `ended` after. A reader is on air in at most one stream at a time. `viewer_count` is the distinct
 * signed-in users in the stream's room, kept by the live socket handlers so a list is one query.
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: text('id').primaryKey(),
    readerId: text('reader_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: LIVE_CATEGORIES }).notNull(),
    /** Charged once per viewer on joining (0: free to join). */
    priceCents: integer('price_cents').notNull().default(0),
    status: text('status', { enum: STREAM_STATUSES }).notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    expectedMinutes: integer('expected_minutes'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: text('ended_by'),
    /** STREAM_END_REASONS: End pressed, or the reader gone for a billing minute (live/end-absent-streams.ts). */
    endReason: text('end_reason', { enum: STREAM_END_REASONS }),
    viewerCount: integer('viewer_count').notNull().default(0),
    /**
     * The Janus VideoRoom serving the stream's video (decision 061): the Janus HTTP API it is on, its room
     * number and the room's secret, written before the room is created so that no room exists on a
     * Janus without a row holding its secret (features/live/media/janus/stream-rooms.ts).
     */
    janusUrl: text('janus_url'),
    janusRoom: bigint('janus_room', { mode: 'number' }),
    janusRoomSecret: text('janus_room_secret'),
    ...timestamps,
  },
  (t) => [
    check(
      'live_streams_janus_room_check',
      sql`(${t.janusUrl} is null) = (${t.janusRoom} is null) and (${t.janusRoom} is null) = (${t.janusRoomSecret} is null)`,
    ),
    check('live_streams_status_check', sql`${t.status} in ('scheduled', 'live', 'ended')`),
    check('live_streams_end_reason_check', sql`${t.endReason} is null or ${t.endReason} in ('ended', 'reader_left')`),
    check('live_streams_price_check', sql`${t.priceCents} = 0 or ${t.priceCents} between 99 and 9999`),
    check(
      'live_streams_expected_minutes_check',
      sql`${t.expectedMinutes} is null or ${t.expectedMinutes} between 5 and 480`,
    ),
    check('live_streams_viewer_count_check', sql`${t.viewerCount} >= 0`),
    uniqueIndex('live_streams_one_live_per_reader').on(t.readerId).where(sql`${t.status} = 'live'`),
    index('live_streams_status_idx').on(t.status, t.startedAt),
    index('live_streams_scheduled_idx').on(t.scheduledFor).where(sql`${t.status} = 'scheduled'`),
    index('live_streams_reader_idx').on(t.readerId, t.createdAt),
  ],
);

/** A viewer admitted to a stream: for a priced stream, the one charge of its price (idempotent per viewer and stream). */
export const streamJoins = pgTable(
  'stream_joins',
  {
    streamId: text('stream_id')
      .notNull()
      .references(() => liveStreams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    paidCents: integer('paid_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The price came back: the reader left the stream soon after (live/end-absent-streams.ts). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.userId] })],
);

/** A stream's chat, kept for the stream; `removed_at` is set when its reader takes a message down. */
export const streamMessages = pgTable(
  'stream_messages',
  {
    id: text('id').primaryKey(),
    streamId: text('stream_id')
      .notNull()
      .references(() => liveStreams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('stream_messages_stream_idx').on(t.streamId, t.createdAt)],
);

/** Viewers a stream's reader muted: they still watch, but cannot chat in that stream. */
export const streamMutes = pgTable(
  'stream_mutes',
  {
    streamId: text('stream_id')
      .notNull()
      .references(() => liveStreams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.userId] })],
);

/**
 * Every gift sent in a stream, written in the same transaction as its ledger transfers (the
 * reader's and the platform's legs, keyed by `idempotency_key`): the gift total and leaderboard.
 */
export const streamGifts = pgTable(
  'stream_gifts',
  {
    id: text('id').primaryKey(),
    streamId: text('stream_id')
      .notNull()
      .references(() => liveStreams.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    giftId: text('gift_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    readerCents: integer('reader_cents').notNull(),
    platformCents: integer('platform_cents').notNull(),
    /** The sender's Idempotency-Key, scoped to the sender: a replayed request finds this row. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'stream_gifts_split_check',
      sql`${t.amountCents} = ${t.readerCents} + ${t.platformCents} and ${t.readerCents} >= 0 and ${t.platformCents} >= 0`,
    ),
    uniqueIndex('stream_gifts_sender_key').on(t.senderId, t.idempotencyKey),
    index('stream_gifts_stream_idx').on(t.streamId, t.createdAt),
  ],
);

/** 'Remind Me' on a scheduled stream: a notification when it goes live. */
export const streamReminders = pgTable(
  'stream_reminders',
  {
    streamId: text('stream_id')
      .notNull()
      .references(() => liveStreams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.userId] })],
);

/** Users following a reader: they hear when the reader goes live. One row per pair. */
export const readerFollows = pgTable(
  'reader_follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    readerId: text('reader_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.readerId] }), index('reader_follows_reader_idx').on(t.readerId)],
);

/** In-app notifications (the header's bell), newest first; `read_at` is set when the user marks it read. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** The in-app path the notification opens (e.g. /live/<id>). */
    link: text('link'),
    /** What it is about (a stream id, a reader id): with `kind`, lets a sender skip a duplicate. */
    subjectId: text('subject_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * False when the person turned this kind off for the bell (decision 049): the row is still written,
     * since it is what the once-per-stream and once-an-hour rules count, but never listed or sent to a page.
     */
    inApp: boolean('in_app').notNull().default(true),
  },
  (t) => [
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('stream_live', 'reader_online', 'written_reading_asked', 'written_reading_answered', 'written_reading_refunded', 'appointment_booked', 'appointment_accepted', 'appointment_declined', 'appointment_cancelled', 'appointment_reminder', 'appointment_missed', 'promotion')`,
    ),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_subject_idx').on(t.userId, t.kind, t.subjectId, t.createdAt),
  ],
);

/**
 * A moderator's take-down of a post or reply (migration 0022): hidden (`hidden_at`; an admin may show
 * it again) or removed (`removed_at`, with `hidden_at`; for good), and why, which its author sees.
 * The reason is null only for content hidden before reasons were kept.
 */
const moderationColumns = {
  removedAt: timestamp('removed_at', { withTimezone: true }),
  moderationReason: text('moderation_reason'),
  moderatedBy: text('moderated_by').references(() => user.id, { onDelete: 'set null' }),
};
const moderationChecks = (
  table: string,
  t: { removedAt: AnyPgColumn; hiddenAt: AnyPgColumn; moderationReason: AnyPgColumn },
) => [
  check(`${table}_removed_check`, sql`${t.removedAt} is null or ${t.hiddenAt} is not null`),
  check(`${table}_moderation_reason_check`, sql`char_length(${t.moderationReason}) between 3 and 500`),
];

/**
 * Forum threads (decision 027). The list's counts live on the row, kept by the statements that add a
 * reply, a like or a view, so the list never aggregates. `hidden_at`: an admin (or a decided
 * report) took it down; its author and admins still see it.
 */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: text('id').primaryKey(),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: text('category', { enum: COMMUNITY_CATEGORY_NAMES }).notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    isPinned: boolean('is_pinned').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    ...moderationColumns,
    replyCount: integer('reply_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('community_posts_title_check', sql`char_length(${t.title}) between 5 and 150`),
    check('community_posts_content_check', sql`char_length(${t.content}) between 10 and 10000`),
    check('community_posts_tags_check', sql`coalesce(array_length(${t.tags}, 1), 0) <= 5`),
    check('community_posts_counts_check', sql`${t.replyCount} >= 0 and ${t.viewCount} >= 0 and ${t.likeCount} >= 0`),
    ...moderationChecks('community_posts', t),
    index('community_posts_list_idx').on(t.isPinned.desc(), t.isFeatured.desc(), t.createdAt.desc()),
    index('community_posts_category_idx').on(t.category, t.createdAt.desc()),
    index('community_posts_author_idx').on(t.authorId, t.createdAt.desc()),
  ],
);

export const communityReplies = pgTable(
  'community_replies',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    ...moderationColumns,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('community_replies_content_check', sql`char_length(${t.content}) between 1 and 5000`),
    ...moderationChecks('community_replies', t),
    index('community_replies_post_idx').on(t.postId, t.createdAt),
  ],
);

/** One like per user and post: the primary key makes a double click or a race count once. */
export const communityLikes = pgTable(
  'community_likes',
  {
    postId: text('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** A thread's views: once per user and UTC day (the row's key), so reloading does not inflate them. */
export const communityPostViews = pgTable(
  'community_post_views',
  {
    postId: text('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.day] })],
);

/**
 * Reports of a post, reply, review (a reading's, by its session id) or live chat message. One open
 * report per reporter and target; an admin decides it: `hidden` (the content is taken down) or
 * `dismissed`.
 */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    /** Null for a report the product filed by itself (decision 068: a third masked contact detail in a day). */
    reporterId: text('reporter_id').references(() => user.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('reports_target_type_check', sql`${t.targetType} in ('post', 'reply', 'review', 'stream_message', 'user')`),
    check('reports_status_check', sql`${t.status} in ('open', 'hidden', 'dismissed')`),
    check('reports_reason_check', sql`char_length(${t.reason}) between 3 and 500`),
    uniqueIndex('reports_one_open_per_reporter')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * The shop's products: the platform's own (`seller_id` null, sales go to revenue) or a reader's
 * (70% of a sale to the reader, held like a reading's share). A digital product's
 * `digital_content` (its text or link) is shown only to its buyers; a physical one has `stock`.
 */
export const shopProducts = pgTable(
  'shop_products',
  {
    id: text('id').primaryKey(),
    sellerId: text('seller_id').references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    category: text('category', { enum: SHOP_CATEGORIES }).notNull(),
    imageUrl: text('image_url'),
    isDigital: boolean('is_digital').notNull(),
    digitalContent: text('digital_content'),
    stock: integer('stock'),
    isFeatured: boolean('is_featured').notNull().default(false),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** An admin took it out of the shop; why (migration 0023), which its seller sees. Null reason: hidden before reasons were kept. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    moderationReason: text('moderation_reason'),
    moderatedBy: text('moderated_by').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check(
      'shop_products_moderation_reason_check',
      sql`${t.moderationReason} is null or (${t.hiddenAt} is not null and char_length(${t.moderationReason}) between 3 and 500)`,
    ),
    check('shop_products_name_check', sql`char_length(${t.name}) between 3 and 120`),
    check('shop_products_price_check', sql`${t.priceCents} between 100 and 100000`),
    check(
      'shop_products_kind_check',
      sql`(${t.isDigital} and ${t.digitalContent} is not null and ${t.stock} is null) or (not ${t.isDigital} and ${t.stock} is not null)`,
    ),
    check('shop_products_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('shop_products_rating_check', sql`${t.ratingSum} >= 0 and ${t.ratingCount} >= 0`),
    index('shop_products_category_idx').on(t.category, t.priceCents),
    index('shop_products_seller_idx').on(t.sellerId),
  ],
);

/** An order paid from the wallet in one transaction; a replay of its Idempotency-Key finds this row. */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    totalCents: integer('total_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Where its physical items go (decision 043); null when it has none. */
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_orders_total_check', sql`${t.totalCents} > 0`),
    uniqueIndex('shop_orders_client_key').on(t.clientId, t.idempotencyKey),
    index('shop_orders_client_idx').on(t.clientId, t.createdAt.desc()),
  ],
);

/** An order's lines at the price paid, with the seller's and the platform's parts of each. */
export const shopOrderItems = pgTable(
  'shop_order_items',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'restrict' }),
    sellerId: text('seller_id').references(() => user.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    sellerCents: integer('seller_cents').notNull(),
    platformCents: integer('platform_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.productId] }),
    check('shop_order_items_quantity_check', sql`${t.quantity} between 1 and 99`),
    check(
      'shop_order_items_split_check',
      sql`${t.quantity} * ${t.unitPriceCents} = ${t.sellerCents} + ${t.platformCents} and ${t.sellerCents} >= 0 and ${t.platformCents} >= 0`,
    ),
    index('shop_order_items_product_idx').on(t.productId),
  ],
);

/**
 * One seller's physical items of an order (docs/decisions/043): the seller (null: Soul
 * Tribe's own) moves it paid → shipped → delivered. Paid and not shipped within SHIP_WITHIN_DAYS,
 * its buyer may cancel it: `items_cents` comes back to their wallet, the seller's share from their
 * earnings as far as those still hold it, the rest carried by the platform (`platform_carried_cents`).
 * Every change is an update guarded by the status it leaves, so a cancel and a ship never both win.
 */
export const shopShipments = pgTable(
  'shop_shipments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id').references(() => user.id, { onDelete: 'set null' }),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('paid'),
    itemsCents: integer('items_cents').notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Of the refund: what came back from the seller's earnings, and what the platform paid for them (paid out already). */
    sellerRefundedCents: integer('seller_refunded_cents').notNull().default(0),
    platformCarriedCents: integer('platform_carried_cents').notNull().default(0),
    /** Set when it ships; the mail worker tells the buyer and clears it (mail/notices.ts). */
    shippedMailDue: boolean('shipped_mail_due').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('shop_shipments_status_check', sql`${t.status} in ('paid', 'shipped', 'delivered', 'cancelled')`),
    check(
      'shop_shipments_cents_check',
      sql`${t.itemsCents} > 0 and ${t.refundedCents} in (0, ${t.itemsCents}) and ${t.sellerRefundedCents} >= 0 and ${t.platformCarriedCents} >= 0 and ${t.sellerRefundedCents} + ${t.platformCarriedCents} <= ${t.refundedCents}`,
    ),
    index('shop_shipments_order_idx').on(t.orderId),
    index('shop_shipments_seller_idx').on(t.sellerId, t.createdAt.desc()),
    index('shop_shipments_shipped_mail_idx').on(t.id).where(sql`${t.shippedMailDue}`),
  ],
);

/** The address saved with an account's last physical order, offered at the next checkout. */
export const shippingAddresses = pgTable('shipping_addresses', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  address: jsonb('address').$type<ShippingAddress>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A signed-in account's cart (decision 043): kept here so it follows the account across browsers. */
export const shopCartItems = pgTable(
  'shop_cart_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Keeps the order lines were added in. */
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('shop_cart_items_quantity_check', sql`${t.quantity} between 1 and 99`),
  ],
);

/**
 * Applications to read on Soul Tribe (decision 045). One open application per email (the partial
 * unique index decides a race); the status link's token is kept only as its SHA-256, so the table
 * never holds a working link. An approval points at the reader account it made.
 */
export const readerApplications = pgTable(
  'reader_applications',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    specialties: jsonb('specialties').$type<string[]>().notNull(),
    yearsExperience: integer('years_experience').notNull(),
    bio: text('bio').notNull(),
    sampleReading: text('sample_reading').notNull(),
    chatRateCents: integer('chat_rate_cents').notNull(),
    audioRateCents: integer('audio_rate_cents').notNull(),
    videoRateCents: integer('video_rate_cents').notNull(),
    /** When the applicant ticked the consent to the reader terms (the request is refused without it). */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    statusTokenHash: text('status_token_hash').notNull(),
    status: text('status', { enum: READER_APPLICATION_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    readerId: text('reader_id').references(() => user.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('reader_applications_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('reader_applications_sample_check', sql`char_length(${t.sampleReading}) between 300 and 3000`),
    check(
      'reader_applications_decision_check',
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null) and (${t.status} = 'rejected') = (${t.rejectionReason} is not null)`,
    ),
    uniqueIndex('reader_applications_one_open_per_email').on(t.email).where(sql`${t.status} = 'pending'`),
    uniqueIndex('reader_applications_status_token_key').on(t.statusTokenHash),
    index('reader_applications_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A paid written question (docs/decisions/047): the price is held from the client's
 * wallet (`hold:<clientId>`, reference `written-reading:<id>`) when asked; the reader's one answer
 * charges the hold 70/30, and a question unanswered at `due_at` is refunded in full by the
 * scheduler. The answer and the status change only once, under the row lock.
 */
export const writtenReadings = pgTable(
  'written_readings',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => user.id),
    readerId: text('reader_id')
      .notNull()
      .references(() => user.id),
    question: text('question').notNull(),
    answer: text('answer'),
    priceCents: integer('price_cents').notNull(),
    answerHours: integer('answer_hours').notNull(),
    status: text('status', { enum: WRITTEN_READING_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    rating: integer('rating'),
    review: text('review'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    /** The asker's Idempotency-Key, if sent: a retried or double-clicked ask finds its first question instead of holding twice. */
    requestKey: text('request_key'),
  },
  (t) => [
    check('written_readings_status_check', sql`${t.status} in ('pending', 'answered', 'refunded')`),
    check('written_readings_price_check', sql`${t.priceCents} between 500 and 10000 and ${t.answerHours} in (24, 48)`),
    check('written_readings_question_check', sql`char_length(${t.question}) between 20 and 2000`),
    check('written_readings_answer_check', sql`${t.answer} is null or char_length(${t.answer}) between 50 and 5000`),
    check(
      'written_readings_state_check',
      sql`(${t.status} = 'answered') = (${t.answer} is not null and ${t.answeredAt} is not null) and (${t.status} = 'refunded') = (${t.refundedAt} is not null)`,
    ),
    check(
      'written_readings_rating_check',
      sql`(${t.rating} is null or (${t.rating} between 1 and 5 and ${t.status} = 'answered')) and (${t.rating} is null) = (${t.ratedAt} is null)`,
    ),
    index('written_readings_client_idx').on(t.clientId, t.createdAt.desc()),
    index('written_readings_reader_idx').on(t.readerId, t.createdAt.desc()),
    index('written_readings_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex('written_readings_request_key').on(t.clientId, t.requestKey),
    index('written_readings_reader_reviews_idx').on(t.readerId, t.ratedAt.desc()).where(sql`${t.rating} is not null`),
  ],
);

/**
 * A booked reading (docs/decisions/048): a slot of the reader's weekly schedule, its price
 * (rate × minutes, fixed at booking) held from the client's wallet under `appointment:<id>` until
 * the rules release or charge it. Statuses other than pending and accepted are settled: nothing is
 * held for them any more.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => user.id),
    readerId: text('reader_id')
      .notNull()
      .references(() => user.id),
    sessionType: text('session_type', { enum: SESSION_TYPES }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    minutes: integer('minutes').notNull(),
    ratePerMinuteCents: integer('rate_per_minute_cents').notNull(),
    priceCents: integer('price_cents').notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('pending'),
    /** Unanswered by then, the scheduler declines it (12 hours before the start or after the booking, whichever is sooner). */
    answerBy: timestamp('answer_by', { withTimezone: true }).notNull(),
    cancelledBy: text('cancelled_by', { enum: ['client', 'reader'] }),
    /** A late-cancellation or no-show fee charged from the hold to the reader; 0 otherwise. */
    feeCents: integer('fee_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Each reminder is sent once: the scheduler sets these in the transaction that queues it. */
    dayReminderAt: timestamp('day_reminder_at', { withTimezone: true }),
    soonReminderAt: timestamp('soon_reminder_at', { withTimezone: true }),
    clientJoinedAt: timestamp('client_joined_at', { withTimezone: true }),
    readerJoinedAt: timestamp('reader_joined_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'appointments_status_check',
      sql`${t.status} in ('pending', 'accepted', 'declined', 'cancelled', 'missed_by_reader', 'missed_by_client', 'completed')`,
    ),
    check('appointments_type_check', sql`${t.sessionType} in ('chat', 'audio', 'video')`),
    check(
      'appointments_length_check',
      sql`${t.minutes} in (15, 30, 45, 60) and ${t.endsAt} = ${t.startsAt} + make_interval(mins => ${t.minutes})`,
    ),
    check(
      'appointments_price_check',
      sql`${t.priceCents} = ${t.ratePerMinuteCents} * ${t.minutes} and ${t.feeCents} between 0 and ${t.priceCents}`,
    ),
    check('appointments_cancelled_check', sql`(${t.status} = 'cancelled') = (${t.cancelledBy} is not null)`),
    check('appointments_settled_check', sql`(${t.status} in ('pending', 'accepted')) = (${t.settledAt} is null)`),
    // One open booking per reader and start; overlaps of different lengths are kept out under the reader's row lock (book.ts).
    uniqueIndex('appointments_open_slot_key')
      .on(t.readerId, t.startsAt)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    index('appointments_client_idx').on(t.clientId, t.startsAt),
    index('appointments_reader_idx').on(t.readerId, t.startsAt),
    // The scheduler's due work: open appointments by start (answers, reminders, misses).
    index('appointments_open_idx').on(t.startsAt).where(sql`${t.status} in ('pending', 'accepted')`),
    index('appointments_answer_idx').on(t.answerBy).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A person's choices about notices (docs/decisions/049): per kind and channel only what
 * they changed (`channels`, absent: the default of PREFERENCE_CATALOG), and quiet hours, in
 * minutes from midnight in `time_zone`, during which pushes wait or are dropped.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    channels: jsonb('channels').$type<ChannelChoices>().notNull().default({}),
    quietStartMinute: integer('quiet_start_minute'),
    quietEndMinute: integer('quiet_end_minute'),
    timeZone: text('time_zone').notNull().default('UTC'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'notification_preferences_quiet_check',
      sql`(${t.quietStartMinute} is null) = (${t.quietEndMinute} is null) and (${t.quietStartMinute} is null or (${t.quietStartMinute} between 0 and 1439 and ${t.quietEndMinute} between 0 and 1439 and ${t.quietStartMinute} <> ${t.quietEndMinute}))`,
    ),
  ],
);

/** A browser that accepted push for its person (a person may have several): the endpoint its push service gave it, and its keys. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /**
     * The sign-in this browser subscribed under (decision 059): pushes reach a device only while its
     * person is signed in there, so ending that session (sign-out, sign-out everywhere, a revoked
     * device, a password reset, a suspension) forgets the device and its waiting pushes with it.
     */
    sessionId: text('session_id')
      .notNull()
      .references(() => session.id, { onDelete: 'cascade' }),
    /** When this browser last subscribed (a new subscription of the same endpoint moves it). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId), index('push_subscriptions_session_idx').on(t.sessionId)],
);

/**
 * One push to one device, the mail queue's pattern (docs/decisions/028, 049): written in the
 * transaction of what it is about, leased by a worker (SKIP LOCKED), sent outside any transaction,
 * retried with a back-off. A device forgotten (unsubscribed, or its endpoint answered 404/410)
 * takes its waiting pushes with it. `dropped`: past `expires_at`, or due in quiet hours and of a
 * kind that would be stale after them. Finished rows are kept a week, then swept.
 */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PREFERENCE_KINDS }).notNull(),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    status: text('status', { enum: PUSH_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('push_messages_status_check', sql`${t.status} in ('queued', 'sent', 'failed', 'dropped')`),
    index('push_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('push_messages_subscription_idx').on(t.subscriptionId),
    index('push_messages_user_idx').on(t.userId),
    // The sweep of finished pushes kept a week (push-worker.ts).
    index('push_messages_finished_idx').on(t.createdAt).where(sql`${t.status} <> 'queued'`),
  ],
);

/**
 * A promotion code an operator runs (docs/decisions/066): a fixed credit, a bonus
 * percentage of a top-up, or both. `redemptions` and `granted_cents` are counted on the row by the
 * same conditional update that admits a redemption, so the limit and the budget hold under a race.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: text('id').primaryKey(),
    /** Upper case; codes are matched case-insensitively by upper-casing what a client types. */
    code: text('code').notNull(),
    creditCents: integer('credit_cents').notNull().default(0),
    bonusPercent: integer('bonus_percent').notNull().default(0),
    minTopUpCents: integer('min_top_up_cents').notNull().default(0),
    maxBonusCents: integer('max_bonus_cents'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    creditDays: integer('credit_days').notNull(),
    maxRedemptions: integer('max_redemptions'),
    budgetCents: integer('budget_cents'),
    newClientsOnly: boolean('new_clients_only').notNull().default(false),
    /** The welcome offer: given with a new client's first top-up without their typing it (the newest active one). */
    isWelcome: boolean('is_welcome').notNull().default(false),
    paused: boolean('paused').notNull().default(false),
    /** When an admin sent it to the clients who take offers (opt-in): the offers pass sends it to each once while it runs. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    redemptions: integer('redemptions').notNull().default(0),
    grantedCents: bigint('granted_cents', { mode: 'number' }).notNull().default(0),
    createdBy: text('created_by')
      .notNull()
      .references(() => user.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('promotions_code_key').on(t.code),
    check('promotions_code_check', sql`${t.code} ~ '^[A-Z0-9]{3,32}$'`),
    check(
      'promotions_offer_check',
      sql`(${t.creditCents} > 0 or ${t.bonusPercent} > 0) and ${t.creditCents} >= 0 and ${t.bonusPercent} between 0 and 100 and (${t.bonusPercent} = 0 or ${t.maxBonusCents} > 0)`,
    ),
    check('promotions_window_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check(
      'promotions_limits_check',
      sql`${t.creditDays} between 1 and 365 and (${t.maxRedemptions} is null or ${t.redemptions} <= ${t.maxRedemptions}) and (${t.budgetCents} is null or ${t.grantedCents} <= ${t.budgetCents})`,
    ),
  ],
);

/**
 * One grant of promotional credit to a client (decision 066): a transfer from marketing:promotions to
 * their credit: account with the same key, and what of it is left. Charges spend the grants that
 * expire soonest first (credit_spends); at expiry the sweep moves what is left back to marketing
 * once (`swept_at`). The credit: account's balance is the sum of `remaining_cents` of unswept grants.
 */
export const creditGrants = pgTable(
  'credit_grants',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    source: text('source', { enum: CREDIT_SOURCES }).notNull(),
    promotionId: text('promotion_id').references(() => promotions.id),
    /** The deposit whose top-up earned this bonus: refunding or disputing it takes back what is left of the grant first. */
    depositId: text('deposit_id').references(() => deposits.id),
    amountCents: integer('amount_cents').notNull(),
    remainingCents: integer('remaining_cents').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sweptAt: timestamp('swept_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'credit_grants_amount_check',
      sql`${t.amountCents} > 0 and ${t.remainingCents} between 0 and ${t.amountCents} and (${t.sweptAt} is null or ${t.remainingCents} = 0)`,
    ),
    // One use of a code per person.
    uniqueIndex('credit_grants_promotion_user_key').on(t.promotionId, t.userId),
    index('credit_grants_usable_idx').on(t.userId, t.expiresAt).where(sql`${t.sweptAt} is null`),
    index('credit_grants_expiry_idx').on(t.expiresAt).where(sql`${t.sweptAt} is null`),
    index('credit_grants_deposit_idx').on(t.depositId).where(sql`${t.depositId} is not null`),
  ],
);

/**
 * What each charge took from each grant (positive) and what a refund gave back to it (negative),
 * under the charge's reference: a refund returns credit to the grants it came from.
 */
export const creditSpends = pgTable(
  'credit_spends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    grantId: text('grant_id')
      .notNull()
      .references(() => creditGrants.id),
    reference: text('reference').notNull(),
    cents: integer('cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('credit_spends_cents_check', sql`${t.cents} <> 0`),
    index('credit_spends_reference_idx').on(t.reference),
    index('credit_spends_grant_idx').on(t.grantId),
  ],
);

/**
 * 'Take a break' (decision 066): a client pauses their own account for 1 day to 6 months. Until
 * `ends_at` they cannot add funds or start anything paid, and get no offers; it cannot be ended
 * early. One row per person: a new break after one has ended replaces it.
 */
export const accountBreaks = pgTable(
  'account_breaks',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('account_breaks_window_check', sql`${t.endsAt} > ${t.startsAt}`)],
);

/** Each client's referral code (decision 066), made the first time they ask for their link. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('referral_codes_code_key').on(t.code)],
);

/**
 * A new client who came by another's link (decision 066): one per referred person. Both get the
 * referral credit once the referred's first card deposit has stood REFERRAL_QUALIFY_DAYS unrefunded
 * and undisputed; each side's grant is stamped apart (one on a break or at a limit waits). A first
 * deposit refunded or disputed voids it.
 */
export const referrals = pgTable(
  'referrals',
  {
    referredId: text('referred_id')
      .primaryKey()
      .references(() => user.id),
    referrerId: text('referrer_id')
      .notNull()
      .references(() => user.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    referrerRewardedAt: timestamp('referrer_rewarded_at', { withTimezone: true }),
    referredRewardedAt: timestamp('referred_rewarded_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** Why it was voided: the first deposit refunded or disputed, or paid with a card the referrer has paid with too. */
    voidReason: text('void_reason', { enum: REFERRAL_VOID_REASONS }),
  },
  (t) => [
    check('referrals_not_self_check', sql`${t.referredId} <> ${t.referrerId}`),
    index('referrals_referrer_idx').on(t.referrerId),
    index('referrals_open_idx')
      .on(t.claimedAt)
      .where(sql`${t.voidedAt} is null and (${t.referrerRewardedAt} is null or ${t.referredRewardedAt} is null)`),
  ],
);

/**
 * The card behind each Stripe payment (decision 066), by its PaymentIntent, from charge.succeeded: a
 * referral whose two sides paid with one card is self-referral. Kept apart from deposits because
 * the charge's event may arrive before the deposit knows its PaymentIntent.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    paymentIntentId: text('payment_intent_id').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('card_payments_fingerprint_idx').on(t.fingerprint)],
);

/**
 * Each client an announced promotion was considered for (decision 066), once: `sent` when it reached
 * them by the channels they opted into, `withheld` when they were on a break or at a deposit limit.
 */
export const offerSends = pgTable(
  'offer_sends',
  {
    promotionId: text('promotion_id')
      .notNull()
      .references(() => promotions.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: ['sent', 'withheld'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.userId] }),
    check('offer_sends_outcome_check', sql`${t.outcome} in ('sent', 'withheld')`),
  ],
);

/**
 * A reader's private notes on a client (decision 068): only the writing reader reads them (anyone else
 * gets 404), admins only inside a report about one of the two. Gone with either account.
 */
export const readerClientNotes = pgTable(
  'reader_client_notes',
  {
    id: text('id').primaryKey(),
    readerId: text('reader_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('reader_client_notes_pair_idx').on(t.readerId, t.clientId, t.createdAt),
    check(
      'reader_client_notes_text_check',
      sql`char_length(${t.text}) between 1 and ${sql.raw(String(NOTE_MAX_CHARS))}`,
    ),
  ],
);

/**
 * One person blocking another (decision 068): while the row exists neither can request, queue, book,
 * write to or join a priced stream of the other. The reason is the blocker's own, never shown to
 * the blocked person.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
    check(
      'user_blocks_reason_check',
      sql`${t.reason} is null or char_length(${t.reason}) between 1 and ${sql.raw(String(BLOCK_REASON_MAX_CHARS))}`,
    ),
  ],
);

/**
 * What contact details a person wrote before they were masked (decision 068): the other side saw
 * `[contact details removed]`; admins see the original in a report about the sender. Counted per
 * sender and day: the third in a day files that report by itself.
 */
export const contactMasks = pgTable(
  'contact_masks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    context: text('context', { enum: CONTACT_MASK_CONTEXTS }).notNull(),
    /** The message, question, stream message, review or profile it was masked in. */
    subjectId: text('subject_id').notNull(),
    original: text('original').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('contact_masks_user_idx').on(t.userId, t.createdAt),
    check(
      'contact_masks_context_check',
      sql`${t.context} in (${sql.raw(CONTACT_MASK_CONTEXTS.map((c) => `'${c}'`).join(', '))})`,
    ),
  ],
);

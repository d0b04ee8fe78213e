import { DEPOSIT_MAX_CENTS } from './constants';
import { formatCents } from './money';
import { paths } from './paths';
import { z } from './zod-config';

/**
 * Promotional credit (docs/decisions/066): money the platform gives, kept apart from the
 * client's cash, spent first, never refunded to a card, withdrawn or paid out, and taken back when
 * it expires. Where a grant came from:
 * - code: a promotion code redeemed on its own (a fixed credit) or at checkout (a bonus);
 * - welcome, referral, goodwill: the welcome offer, a referral reward, an operator's gesture;
 * - returned: credit a refund gave back after the grant it came from had been swept.
 */
export const CREDIT_SOURCES = ['code', 'welcome', 'referral', 'goodwill', 'returned'] as const;
export type CreditSource = (typeof CREDIT_SOURCES)[number];

/** A refund of something paid with credit whose grant has expired gives it back for this long. */
export const RETURNED_CREDIT_GRACE_DAYS = 7;

export const PROMOTION_CODE_MESSAGE = 'A code is 3 to 32 letters and digits';
/** Typed in any case, kept and matched in upper case. */
export const promotionCodeSchema = z
  .string({ error: PROMOTION_CODE_MESSAGE })
  .trim()
  .regex(/^[A-Za-z0-9]{3,32}$/, PROMOTION_CODE_MESSAGE)
  .transform((code) => code.toUpperCase());

const cents = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a whole number of cents` })
    .int(`${name} must be a whole number of cents`)
    .min(0, `${name} cannot be negative`)
    .max(max, `${name} is at most ${max} cents`);

export const PROMOTION_CREDIT_MAX_CENTS = 10_000;
export const PROMOTION_BUDGET_MAX_CENTS = 100_000_000;
export const PROMOTION_CREDIT_DAYS_MAX = 365;

export const createPromotionSchema = z
  .object({
    code: promotionCodeSchema,
    creditCents: cents('The credit', PROMOTION_CREDIT_MAX_CENTS).default(0),
    bonusPercent: z
      .number({ error: 'The bonus must be a whole percentage' })
      .int('The bonus must be a whole percentage')
      .min(0, 'The bonus cannot be negative')
      .max(100, 'The bonus is at most 100%')
      .default(0),
    minTopUpCents: cents('The minimum top-up', DEPOSIT_MAX_CENTS).default(0),
    maxBonusCents: cents('The bonus cap', PROMOTION_CREDIT_MAX_CENTS).nullable().default(null),
    startsAt: z.iso.datetime({ error: 'The start must be a date and time', offset: true }),
    endsAt: z.iso.datetime({ error: 'The end must be a date and time', offset: true }).nullable().default(null),
    creditDays: z
      .number({ error: 'The credit lifetime must be a whole number of days' })
      .int('The credit lifetime must be a whole number of days')
      .min(1, 'The credit lasts at least 1 day')
      .max(PROMOTION_CREDIT_DAYS_MAX, `The credit lasts at most ${PROMOTION_CREDIT_DAYS_MAX} days`),
    maxRedemptions: z
      .number({ error: 'The redemption limit must be a whole number' })
      .int('The redemption limit must be a whole number')
      .min(1, 'The redemption limit is at least 1')
      .max(1_000_000, 'The redemption limit is at most 1,000,000')
      .nullable()
      .default(null),
    budgetCents: cents('The budget', PROMOTION_BUDGET_MAX_CENTS).nullable().default(null),
    newClientsOnly: z.boolean({ error: 'New clients only must be true or false' }).default(false),
    /** The welcome offer: a new client's first top-up gets it without typing the code (the newest active one). */
    welcome: z.boolean({ error: 'Welcome offer must be true or false' }).default(false),
  })
  .superRefine((promotion, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (promotion.creditCents === 0 && promotion.bonusPercent === 0)
      issue('creditCents', 'Give a credit, a bonus percentage, or both');
    if (promotion.bonusPercent > 0 && !promotion.maxBonusCents) issue('maxBonusCents', 'A bonus needs a cap');
    if (promotion.endsAt && Date.parse(promotion.endsAt) <= Date.parse(promotion.startsAt))
      issue('endsAt', 'The end must be after the start');
    if (promotion.budgetCents !== null && promotion.budgetCents < promotion.creditCents)
      issue('budgetCents', 'The budget must cover at least one credit');
  });
export type CreatePromotionInput = z.input<typeof createPromotionSchema>;

export const updatePromotionSchema = z.object({ paused: z.boolean({ error: 'paused must be true or false' }) });

export const promotionParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** scheduled: before its start; ended: past its end; used up: its limit or budget reached. */
export const PROMOTION_STATES = ['scheduled', 'active', 'paused', 'ended', 'used_up'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

export const promotionSchema = z.object({
  id: z.string(),
  code: z.string(),
  creditCents: z.number().int(),
  bonusPercent: z.number().int(),
  minTopUpCents: z.number().int(),
  maxBonusCents: z.number().int().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  creditDays: z.number().int(),
  maxRedemptions: z.number().int().nullable(),
  budgetCents: z.number().int().nullable(),
  newClientsOnly: z.boolean(),
  welcome: z.boolean(),
  paused: z.boolean(),
  state: z.enum(PROMOTION_STATES),
  redemptions: z.number().int(),
  /** Credit granted by the code, spent of it, taken back at expiry; cost to date is the spent part. */
  grantedCents: z.number().int(),
  spentCents: z.number().int(),
  expiredCents: z.number().int(),
  /** When an admin sent it to the clients who opted into offers, and how many it has reached so far. */
  announcedAt: z.string().nullable(),
  offersSent: z.number().int(),
  createdAt: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionListSchema = z.object({ promotions: z.array(promotionSchema) });

export const redeemPromotionSchema = z.object({ code: promotionCodeSchema });
export const redeemPromotionResultSchema = z.object({ creditCents: z.number().int(), expiresAt: z.string() });
export type RedeemPromotionResult = z.infer<typeof redeemPromotionResultSchema>;

/**
 * What a code would give this client now (the add-funds dialog shows it before they pay): its fixed
 * credit, and its bonus on `amountCents` if given (0 below the code's minimum top-up).
 */
export const previewPromotionSchema = z.object({
  code: promotionCodeSchema,
  amountCents: z
    .number({ error: 'The amount must be a whole number of cents' })
    .int('The amount must be a whole number of cents')
    .min(0)
    .max(DEPOSIT_MAX_CENTS)
    .optional(),
});
export const promotionPreviewSchema = z.object({
  code: z.string(),
  creditCents: z.number().int(),
  bonusPercent: z.number().int(),
  maxBonusCents: z.number().int().nullable(),
  minTopUpCents: z.number().int(),
  /** The bonus on amountCents (0 without one, or below the minimum top-up). */
  bonusCents: z.number().int(),
  creditDays: z.number().int(),
});
export type PromotionPreview = z.infer<typeof promotionPreviewSchema>;

/** GET /api/promotions/welcome: the welcome offer a client's first top-up would get now, or null. */
export const welcomeOfferSchema = z.object({ offer: promotionPreviewSchema.nullable() });
export type WelcomeOffer = z.infer<typeof welcomeOfferSchema>;

/** A top-up's bonus under a code: its percentage of the amount, rounded down, up to its cap; nothing below its minimum. */
export function bonusFor(
  promotion: { bonusPercent: number; maxBonusCents: number | null; minTopUpCents: number },
  amountCents: number,
): number {
  if (promotion.bonusPercent === 0 || amountCents < promotion.minTopUpCents) return 0;
  return Math.min(Math.floor((amountCents * promotion.bonusPercent) / 100), promotion.maxBonusCents ?? 0);
}

type Offer = Pick<Promotion, 'creditCents' | 'bonusPercent' | 'minTopUpCents' | 'maxBonusCents' | 'creditDays'>;

/** '$5.00 credit + 10% bonus on top-ups of $20.00 or more, up to $10.00 · lasts 30 days' (Admin → Promotions, and the offer a client is sent). */
export function offerSummary(offer: Offer): string {
  const parts: string[] = [];
  if (offer.creditCents > 0) parts.push(`${formatCents(offer.creditCents)} credit`);
  if (offer.bonusPercent > 0) {
    const floor = offer.minTopUpCents > 0 ? ` of ${formatCents(offer.minTopUpCents)} or more` : '';
    const cap = offer.maxBonusCents === null ? '' : `, up to ${formatCents(offer.maxBonusCents)}`;
    parts.push(`${offer.bonusPercent}% bonus on top-ups${floor}${cap}`);
  }
  return `${parts.join(' + ')} · lasts ${offer.creditDays === 1 ? '1 day' : `${offer.creditDays} days`}`;
}

/** The wallet page's query parameters that carry an offer's code: to redeem it now, or to add funds with it. */
export const OFFER_CODE_PARAMS = { redeem: 'code', topUp: 'topup' } as const;

/**
 * Where an offer sends its client: a code that gives a bonus on a top-up (with or without a fixed
 * credit) opens Add Funds with the code filled in, since redeeming it alone would use it up without
 * the bonus; a fixed credit alone fills the wallet's redeem field.
 */
export function offerLink(promotion: { code: string; bonusPercent: number }): string {
  const param = promotion.bonusPercent > 0 ? OFFER_CODE_PARAMS.topUp : OFFER_CODE_PARAMS.redeem;
  return `${paths.dashboardWallet}?${param}=${encodeURIComponent(promotion.code)}`;
}

/** The credit that expires soonest, as GET /api/wallet shows it. */
export const creditExpirySchema = z.object({ amountCents: z.number().int(), expiresAt: z.string() });

/** Why a referral earns nothing: its first deposit was refunded or disputed, or both sides paid with one card. */
export const REFERRAL_VOID_REASONS = ['refunded', 'disputed', 'same_card'] as const;

/**
 * Referrals (decision 066): a client's link brings a new client; once the new client's first card
 * deposit has stood this many days, not refunded and not disputed, both get the referral credit.
 */
export const REFERRAL_QUALIFY_DAYS = 14;
/** A link is claimed by a new account, within this many days of its sign-up and before any deposit. */
export const REFERRAL_CLAIM_DAYS = 7;
/** A referral code: 8 letters and digits, without the ones read alike (0, O, 1, I). */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const referralCodeSchema = z
  .string({ error: 'This referral link is not valid' })
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-HJ-NP-Z2-9]{8}$/, 'This referral link is not valid'));
export const claimReferralSchema = z.object({ code: referralCodeSchema });

/** GET /api/referrals/me: the client's link and how it has done. */
export const referralSummarySchema = z.object({
  code: z.string(),
  /** The sign-up page with the code, to share (the site's origin in front). */
  path: z.string(),
  /** What each side gets; 0 while referral credit is off. */
  creditCents: z.number().int(),
  /** People who came by the link, and those whose reward has been given. */
  referred: z.number().int(),
  rewarded: z.number().int(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;
export const claimReferralResultSchema = z.object({ referrerName: z.string() });

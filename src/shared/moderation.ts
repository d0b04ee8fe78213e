import { z } from './zod-config';

export const MODERATION_REASON_MIN = 3;
export const MODERATION_REASON_MAX = 500;
/** Why a moderator took someone's words down (a post, a reply, a product): kept, and shown to its author. */
export const moderationReasonSchema = z
  .string()
  .trim()
  .min(MODERATION_REASON_MIN, `Tell the author why (at least ${MODERATION_REASON_MIN} characters)`)
  .max(MODERATION_REASON_MAX, `A reason must be at most ${MODERATION_REASON_MAX} characters`);

/** The moderator's reason form, whatever it takes down. */
export const moderationReasonFormSchema = z.object({ reason: moderationReasonSchema });

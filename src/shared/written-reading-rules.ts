/**
 * Written readings' prices, lengths and words, apart from their schemas (written-readings.ts
 * re-exports them), so a reader's public profile does not bring zod along (decision 007).
 */

/** A reader's price per written question (decision 047: $5–$100, like Keen's Paid Mail). */
export const WRITTEN_READING_PRICE_MIN_CENTS = 500;
export const WRITTEN_READING_PRICE_MAX_CENTS = 10_000;
/** The answer times a reader may promise; not answered within it, the client is refunded in full. */
export const WRITTEN_READING_ANSWER_HOURS = [24, 48] as const;
export type WrittenReadingAnswerHours = (typeof WRITTEN_READING_ANSWER_HOURS)[number];
export const WRITTEN_READING_ANSWER_HOURS_DEFAULT: WrittenReadingAnswerHours = 24;

export const QUESTION_MIN_LENGTH = 20;
export const QUESTION_MAX_LENGTH = 2000;
export const ANSWER_MIN_LENGTH = 50;
export const ANSWER_MAX_LENGTH = 5000;

/** What stands in a thread for the words of a person who deleted their account (the CHECKs' lengths hold). */
export const DELETED_QUESTION = 'This question was removed when its author deleted their account.';
export const DELETED_ANSWER = 'This answer was removed when its author deleted their account on Soul Tribe.';

/** What the profile's section and its button say (the words the feature was asked for with). */
export const ASK_BY_MESSAGE_LABEL = 'Ask a question by message';

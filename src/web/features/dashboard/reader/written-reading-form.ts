import { centsToDollarInput, parseDollarsToCents } from '@shared/money';
import type { Reader } from '@shared/readers';
import {
  WRITTEN_READING_ANSWER_HOURS,
  WRITTEN_READING_ANSWER_HOURS_DEFAULT,
  writtenReadingPriceCentsSchema,
} from '@shared/written-readings';
import { z } from '@shared/zod-config';

/**
 * The written-reading offer as typed: a switch, a price in dollars and an answer time. Off sends a
 * null price (opted out; the answer time is kept); on, the price must be within the shared bounds.
 */
export const writtenReadingFormSchema = z
  .object({
    isOffered: z.boolean(),
    price: z.string().trim(),
    answerHours: z.enum(['24', '48']),
  })
  .transform((form, ctx) => {
    const writtenReadingAnswerHours =
      WRITTEN_READING_ANSWER_HOURS.find((hours) => String(hours) === form.answerHours) ??
      WRITTEN_READING_ANSWER_HOURS_DEFAULT;
    if (!form.isOffered) return { writtenReadingPriceCents: null, writtenReadingAnswerHours };
    const cents = parseDollarsToCents(form.price);
    const checked = writtenReadingPriceCentsSchema.safeParse(cents ?? Number.NaN);
    if (!checked.success) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: checked.error.issues[0]?.message ?? 'Enter a price' });
      return z.NEVER;
    }
    return { writtenReadingPriceCents: checked.data, writtenReadingAnswerHours };
  });
export type WrittenReadingFormInput = z.input<typeof writtenReadingFormSchema>;
export type WrittenReadingFormOutput = z.output<typeof writtenReadingFormSchema>;

export function toWrittenReadingForm(reader: Reader): WrittenReadingFormInput {
  return {
    isOffered: reader.writtenReadingPriceCents !== null,
    price: reader.writtenReadingPriceCents === null ? '' : centsToDollarInput(reader.writtenReadingPriceCents),
    answerHours: reader.writtenReadingAnswerHours === 48 ? '48' : '24',
  };
}

/** The server's field names on the form's inputs. */
export function toWrittenReadingField(key: string): 'price' | 'answerHours' | null {
  if (key === 'writtenReadingPriceCents') return 'price';
  if (key === 'writtenReadingAnswerHours') return 'answerHours';
  return null;
}

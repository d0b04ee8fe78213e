import { parseDollarsToCents } from '@shared/money';
import { createReaderSchema, rateCentsSchema } from '@shared/readers';
import { z } from '@shared/zod-config';
import { isKeyOf } from '@shared/records';

/**
 * Inputs of a reader's profile as people type them, shared by the admin's Create Reader form, the
 * reader's rates and the public application (/apply), so each checks a value by the server's rule.
 */

/** A rate typed in dollars ("4.99"), checked and turned into cents within the shared bounds. */
export const dollarRateSchema = z
  .string()
  .trim()
  .min(1, 'Enter a rate')
  .transform((text, ctx) => {
    const cents = parseDollarsToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount in dollars, like 4.99' });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(rateCentsSchema);

/** "Tarot,  Astrology , ,Dreams" → ["Tarot", "Astrology", "Dreams"] (SPEC.md §5: comma-separated, trimmed). */
export function splitSpecialties(text: string): string[] {
  return text
    .split(',')
    .map((specialty) => specialty.trim())
    .filter((specialty) => specialty.length > 0);
}

/** Specialties typed as one text; one message on the field itself, since a per-item path would point nowhere. */
export const specialtiesTextSchema = z.string().transform((text, ctx) => {
  const parsed = createReaderSchema.shape.specialties.safeParse(splitSpecialties(text));
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Check the specialties' });
  return z.NEVER;
});

/** Whole years typed in a text input ("5"), checked by the server's rule. */
export const yearsTextSchema = z
  .string()
  .trim()
  .min(1, 'Enter the years of experience')
  .regex(/^\d+$/, 'Enter whole years, like 5')
  .transform(Number)
  .pipe(createReaderSchema.shape.yearsExperience);

/** A form's three rates (cents once parsed, named as the inputs are) under the server's names. */
export function ratesInCents<T extends { chatRate: number; audioRate: number; videoRate: number }>({
  chatRate,
  audioRate,
  videoRate,
  ...rest
}: T) {
  return { ...rest, chatRateCents: chatRate, audioRateCents: audioRate, videoRateCents: videoRate };
}

const INPUT_OF_RATE: Record<string, string> = {
  chatRateCents: 'chatRate',
  audioRateCents: 'audioRate',
  videoRateCents: 'videoRate',
};

/**
 * The input a server field message belongs beside: the server names rates in cents and a
 * specialty by its index ('specialties.2'). A name that matches none of the form's inputs: undefined.
 */
export function inputOfServerField<F extends string>(
  serverField: string,
  form: Partial<Record<F, unknown>>,
): F | undefined {
  const top = serverField.split('.')[0] ?? serverField;
  const input = INPUT_OF_RATE[top] ?? top;
  return isKeyOf(form, input) ? input : undefined;
}

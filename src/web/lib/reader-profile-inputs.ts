import { parseDollarsToCents } from '@shared/money';
import { createReaderSchema, rateCentsSchema } from '@shared/readers';
import { z } from '@shared/zod-config';

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

import { parseDollarsToCents } from '@shared/money';
import { rateCentsSchema } from '@shared/readers';
import { z } from '@shared/zod-config';

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

export const ratesFormSchema = z.object({
  chatRate: dollarRateSchema,
  audioRate: dollarRateSchema,
  videoRate: dollarRateSchema,
});
export type RatesFormInput = z.input<typeof ratesFormSchema>;
export type RatesFormOutput = z.output<typeof ratesFormSchema>;

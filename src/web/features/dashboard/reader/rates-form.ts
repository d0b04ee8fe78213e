import { z } from '@shared/zod-config';
import { dollarRateSchema } from '@/lib/reader-profile-inputs';

export { dollarRateSchema };

export const ratesFormSchema = z.object({
  chatRate: dollarRateSchema,
  audioRate: dollarRateSchema,
  videoRate: dollarRateSchema,
});
export type RatesFormInput = z.input<typeof ratesFormSchema>;
export type RatesFormOutput = z.output<typeof ratesFormSchema>;

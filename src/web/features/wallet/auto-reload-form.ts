import { DEPOSIT_MAX_CENTS, DEPOSIT_MIN_CENTS } from '@shared/constants';
import { centsToDollarInput, formatCents, parseDollarsToCents } from '@shared/money';
import {
  AUTO_RELOAD_CARD_MESSAGE,
  AUTO_RELOAD_THRESHOLD_MAX_CENTS,
  type AutoReload,
  type AutoReloadRequest,
} from '@shared/payments';
import { z } from '@shared/zod-config';

export const THRESHOLD_INPUT_MESSAGE = `Enter an amount from ${formatCents(0)} to ${formatCents(AUTO_RELOAD_THRESHOLD_MAX_CENTS)}`;
export const RELOAD_AMOUNT_INPUT_MESSAGE = `Enter an amount from ${formatCents(DEPOSIT_MIN_CENTS)} to ${formatCents(DEPOSIT_MAX_CENTS)}`;

const dollars = (min: number, max: number, message: string) =>
  z.string().transform((text, ctx) => {
    const cents = parseDollarsToCents(text);
    if (cents === null || cents < min || cents > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

/** The form's text fields as the API's request: dollars to cents, a card required only when on. */
export const autoReloadFormSchema = z
  .object({
    enabled: z.boolean(),
    threshold: dollars(0, AUTO_RELOAD_THRESHOLD_MAX_CENTS, THRESHOLD_INPUT_MESSAGE),
    amount: dollars(DEPOSIT_MIN_CENTS, DEPOSIT_MAX_CENTS, RELOAD_AMOUNT_INPUT_MESSAGE),
    cardId: z.string(),
  })
  .refine((form) => !form.enabled || form.cardId !== '', { message: AUTO_RELOAD_CARD_MESSAGE, path: ['cardId'] })
  .transform(
    (form): AutoReloadRequest => ({
      enabled: form.enabled,
      thresholdCents: form.threshold,
      amountCents: form.amount,
      cardId: form.cardId === '' ? null : form.cardId,
    }),
  );
export type AutoReloadFormInput = z.input<typeof autoReloadFormSchema>;

export function autoReloadFormValues(settings: AutoReload): AutoReloadFormInput {
  return {
    enabled: settings.enabled,
    threshold: centsToDollarInput(settings.thresholdCents),
    amount: centsToDollarInput(settings.amountCents),
    cardId: settings.card?.id ?? '',
  };
}

/** The API's field names on the form's, for errors the server gives per field. */
export function formFieldOf(key: string): keyof AutoReloadFormInput | undefined {
  return ({ thresholdCents: 'threshold', amountCents: 'amount', cardId: 'cardId', enabled: 'enabled' } as const)[key];
}

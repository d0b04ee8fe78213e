import { formatCents, parseDollarsToCents } from '@shared/money';
import { type CreatePromotionInput, createPromotionSchema } from '@shared/promotions';
import { isKeyOf } from '@shared/records';
import { z } from '@shared/zod-config';

/**
 * The admin's 'New code' form (decision 066): every field a string as inputs hold it, money in dollars,
 * times as the browser's local date and time. Once each reads, the whole is checked by the rule the
 * server applies (createPromotionSchema), its messages put beside the form's own fields.
 */

/** Dollars typed ('5', '4.99') as cents; empty is null. */
const dollarsText = z.string().transform((text, ctx) => {
  if (text.trim() === '') return null;
  const cents = parseDollarsToCents(text);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: 'Enter an amount in dollars, like 5 or 4.99' });
    return z.NEVER;
  }
  return cents;
});

/** A whole number typed ('30'); empty is null. */
const wholeText = z.string().transform((text, ctx) => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,9}$/.test(trimmed)) {
    ctx.addIssue({ code: 'custom', message: 'Enter a whole number' });
    return z.NEVER;
  }
  return Number(trimmed);
});

/** A `datetime-local` value ('2026-12-01T09:00', the viewer's time) as an ISO instant; empty is null. */
const localDateTimeText = z.string().transform((text, ctx) => {
  if (text.trim() === '') return null;
  const time = new Date(text).getTime();
  if (Number.isNaN(time)) {
    ctx.addIssue({ code: 'custom', message: 'Enter a date and time' });
    return z.NEVER;
  }
  return new Date(time).toISOString();
});

const promotionFieldsSchema = z.object({
  code: z.string(),
  creditDollars: dollarsText,
  bonusPercent: wholeText,
  minTopUpDollars: dollarsText,
  maxBonusDollars: dollarsText,
  startsAt: localDateTimeText,
  endsAt: localDateTimeText,
  creditDays: wholeText,
  maxRedemptions: wholeText,
  budgetDollars: dollarsText,
  newClientsOnly: z.boolean(),
  welcome: z.boolean(),
});
type PromotionFields = z.output<typeof promotionFieldsSchema>;
export type PromotionFormInput = z.input<typeof promotionFieldsSchema>;
export type PromotionFormField = keyof PromotionFormInput;

/** Where each field of the API (and of its error `fields`) is typed in the form. */
const FORM_FIELD_OF = {
  code: 'code',
  creditCents: 'creditDollars',
  bonusPercent: 'bonusPercent',
  minTopUpCents: 'minTopUpDollars',
  maxBonusCents: 'maxBonusDollars',
  startsAt: 'startsAt',
  endsAt: 'endsAt',
  creditDays: 'creditDays',
  maxRedemptions: 'maxRedemptions',
  budgetCents: 'budgetDollars',
  newClientsOnly: 'newClientsOnly',
  welcome: 'welcome',
} as const satisfies Record<keyof CreatePromotionInput, PromotionFormField>;

/** The form field a server field's message belongs beside, or undefined for a name the form does not have. */
export function formFieldOf(serverField: string): PromotionFormField | undefined {
  return isKeyOf(FORM_FIELD_OF, serverField) ? FORM_FIELD_OF[serverField] : undefined;
}

/** The shared rules count money in cents ('at most 10000 cents'); beside a dollar field they say dollars. */
export function inDollars(message: string): string {
  return message.replace(/\b(\d+) cents\b/g, (_whole, cents: string) => formatCents(Number(cents)));
}

/**
 * The request as the server reads it. The top-up's minimum and cap mean something only with a
 * bonus: without one they are sent as none, whatever the hidden fields still hold.
 */
function toRequest(fields: PromotionFields) {
  const bonusPercent = fields.bonusPercent ?? 0;
  const hasBonus = bonusPercent > 0;
  return {
    code: fields.code,
    creditCents: fields.creditDollars ?? 0,
    bonusPercent,
    minTopUpCents: hasBonus ? (fields.minTopUpDollars ?? 0) : 0,
    maxBonusCents: hasBonus ? fields.maxBonusDollars : null,
    startsAt: fields.startsAt ?? undefined,
    endsAt: fields.endsAt,
    creditDays: fields.creditDays ?? undefined,
    maxRedemptions: fields.maxRedemptions,
    budgetCents: fields.budgetDollars,
    newClientsOnly: fields.newClientsOnly,
    welcome: fields.welcome,
  };
}

export const promotionFormSchema = promotionFieldsSchema.transform((fields, ctx) => {
  const parsed = createPromotionSchema.safeParse(toRequest(fields));
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(String(issue.path[0]));
    ctx.addIssue({ code: 'custom', path: field ? [field] : [], message: inDollars(issue.message) });
  }
  return z.NEVER;
});
export type PromotionFormOutput = z.output<typeof promotionFormSchema>;

const pad = (value: number) => String(value).padStart(2, '0');

/** A `datetime-local` value for `date` in the viewer's time, to the minute. */
export function toLocalDateTimeInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A new code starts now, its credit lasting 30 days, with no limit but those the admin sets. */
export const emptyPromotionForm = (now: Date): PromotionFormInput => ({
  code: '',
  creditDollars: '',
  bonusPercent: '',
  minTopUpDollars: '',
  maxBonusDollars: '',
  startsAt: toLocalDateTimeInput(now),
  endsAt: '',
  creditDays: '30',
  maxRedemptions: '',
  budgetDollars: '',
  newClientsOnly: false,
  welcome: false,
});

/** Each server field message beside its input (in dollars where the input is); the rest, apart. */
export function splitFieldErrors(serverFields: Record<string, string>): {
  fields: [PromotionFormField, string][];
  others: string[];
} {
  const fields = new Map<PromotionFormField, string>();
  const others: string[] = [];
  for (const [key, message] of Object.entries(serverFields)) {
    const field = formFieldOf(key);
    if (field && !fields.has(field)) fields.set(field, inDollars(message));
    else if (!field) others.push(message);
  }
  return { fields: [...fields], others };
}

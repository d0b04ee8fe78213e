import { centsToDollarInput, formatCents, parseDollarsToCents } from '@shared/money';
import {
  DEPOSIT_LIMIT_FIELDS,
  DEPOSIT_LIMIT_MAX_CENTS,
  DEPOSIT_LIMIT_MIN_CENTS,
  DEPOSIT_LIMIT_PERIODS,
  type DepositLimitPeriod,
  type DepositLimits,
  type DepositLimitsUpdate,
  type PendingDepositLimit,
  READING_REMINDER_MINUTES,
  type ReadingReminder,
} from '@shared/wallet';
import { z } from '@shared/zod-config';

export const LIMIT_INPUT_MESSAGE = `Enter an amount from ${formatCents(DEPOSIT_LIMIT_MIN_CENTS)} to ${formatCents(DEPOSIT_LIMIT_MAX_CENTS)}, or leave it empty for no limit`;

/** An empty field is no limit; anything else must be a dollar amount within the bounds. */
const limitInput = z.string().transform((text, ctx) => {
  if (text.trim() === '') return null;
  const cents = parseDollarsToCents(text);
  if (cents === null || cents < DEPOSIT_LIMIT_MIN_CENTS || cents > DEPOSIT_LIMIT_MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: LIMIT_INPUT_MESSAGE });
    return z.NEVER;
  }
  return cents;
});

const REMINDER_OFF = 'off';
export const REMINDER_OPTIONS = [
  { value: REMINDER_OFF, label: 'Off' },
  ...READING_REMINDER_MINUTES.map((minutes) => ({ value: String(minutes), label: `Every ${minutes} minutes` })),
];

export const spendingLimitsFormSchema = z.object({
  daily: limitInput,
  weekly: limitInput,
  monthly: limitInput,
  reminder: z
    .enum([REMINDER_OFF, ...READING_REMINDER_MINUTES.map(String)])
    .transform((value) => READING_REMINDER_MINUTES.find((minutes) => String(minutes) === value) ?? null),
});
export type SpendingLimitsFormInput = z.input<typeof spendingLimitsFormSchema>;
export type SpendingLimitsFormOutput = z.output<typeof spendingLimitsFormSchema>;

/** The form shows the limits in force; a pending change is shown beside its field, not in it. */
export function spendingLimitsFormValues(limits: DepositLimits, reminder: ReadingReminder): SpendingLimitsFormInput {
  const field = (period: DepositLimitPeriod) => {
    const cents = limits[DEPOSIT_LIMIT_FIELDS[period]];
    return cents === null ? '' : centsToDollarInput(cents);
  };
  return {
    daily: field('daily'),
    weekly: field('weekly'),
    monthly: field('monthly'),
    reminder: reminder.everyMinutes === null ? REMINDER_OFF : String(reminder.everyMinutes),
  };
}

/**
 * Only the limits the client changed: sending one unchanged would be asking for the limit in force
 * again, which cancels a raise still pending on it.
 */
export function changedLimits(
  saved: DepositLimits,
  next: Pick<SpendingLimitsFormOutput, DepositLimitPeriod>,
): DepositLimitsUpdate {
  const update: DepositLimitsUpdate = {};
  for (const period of DEPOSIT_LIMIT_PERIODS) {
    const field = DEPOSIT_LIMIT_FIELDS[period];
    if (next[period] !== saved[field]) update[field] = next[period];
  }
  return update;
}

/** Server field names (`dailyCents`) back to the form's. */
export function formFieldOf(serverField: string): DepositLimitPeriod | undefined {
  return DEPOSIT_LIMIT_PERIODS.find((period) => DEPOSIT_LIMIT_FIELDS[period] === serverField);
}

const pendingDateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Rises to $100.00 on Nov 25, 3:00 PM' or 'Removed on Nov 25, 3:00 PM', in the viewer's time. */
export function pendingLimitLabel(
  pending: PendingDepositLimit,
  format: Intl.DateTimeFormat = pendingDateFormat,
): string {
  const on = format.format(new Date(pending.pendingEffectiveAt));
  return pending.limitCents === null ? `Removed on ${on}` : `Rises to ${formatCents(pending.limitCents)} on ${on}`;
}

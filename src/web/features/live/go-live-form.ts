import { RATE_MAX_CENTS, RATE_MIN_CENTS } from '@shared/constants';
import {
  type CreateStreamInput,
  createStreamSchema,
  LIVE_CATEGORIES,
  STREAM_EXPECTED_MINUTES_MAX,
  STREAM_EXPECTED_MINUTES_MIN,
} from '@shared/live';
import { parseDollarsToCents } from '@shared/money';
import { z } from '@shared/zod-config';

const PRICE_MESSAGE = `Enter 0 for free, or a price from $${(RATE_MIN_CENTS / 100).toFixed(2)} to $${(RATE_MAX_CENTS / 100).toFixed(2)}`;

/**
 * The Go Live dialog's fields as typed (dollars, a local date and time), checked and turned into
 * the body of POST /api/live/streams. `now` decides what 'in the future' means.
 */
export function goLiveFormSchema(now: Date) {
  return z
    .object({
      title: createStreamSchema.shape.title,
      description: createStreamSchema.shape.description,
      category: z.enum(LIVE_CATEGORIES, { error: 'Choose a category' }),
      price: z.string().trim(),
      isScheduled: z.boolean(),
      date: z.string().trim(),
      time: z.string().trim(),
      expectedMinutes: z.string().trim(),
    })
    .transform((form, ctx): CreateStreamInput => {
      const priceCents = form.price === '' ? 0 : parseDollarsToCents(form.price);
      if (priceCents === null || (priceCents !== 0 && (priceCents < RATE_MIN_CENTS || priceCents > RATE_MAX_CENTS))) {
        ctx.addIssue({ code: 'custom', path: ['price'], message: PRICE_MESSAGE });
      }
      const input: CreateStreamInput = {
        title: form.title,
        description: form.description,
        category: form.category,
        priceCents: priceCents ?? 0,
      };
      if (!form.isScheduled) return input;

      const startsAt = new Date(`${form.date}T${form.time}`);
      if (!form.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Choose a date' });
      if (!form.time) ctx.addIssue({ code: 'custom', path: ['time'], message: 'Choose a time' });
      else if (form.date && Number.isNaN(startsAt.getTime()))
        ctx.addIssue({ code: 'custom', path: ['time'], message: 'Enter a valid date and time' });
      else if (form.date && startsAt.getTime() <= now.getTime())
        ctx.addIssue({ code: 'custom', path: ['time'], message: 'Choose a time in the future' });

      const minutes = Number(form.expectedMinutes);
      if (
        !/^\d+$/.test(form.expectedMinutes) ||
        minutes < STREAM_EXPECTED_MINUTES_MIN ||
        minutes > STREAM_EXPECTED_MINUTES_MAX
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['expectedMinutes'],
          message: `Expected length must be ${STREAM_EXPECTED_MINUTES_MIN} to ${STREAM_EXPECTED_MINUTES_MAX} minutes`,
        });
      }
      return {
        ...input,
        scheduledFor: Number.isNaN(startsAt.getTime()) ? undefined : startsAt.toISOString(),
        expectedMinutes: minutes,
      };
    });
}

export type GoLiveFormInput = z.input<ReturnType<typeof goLiveFormSchema>>;

export const goLiveDefaults: GoLiveFormInput = {
  title: '',
  description: '',
  category: LIVE_CATEGORIES[0],
  price: '',
  isScheduled: false,
  date: '',
  time: '',
  expectedMinutes: '60',
};

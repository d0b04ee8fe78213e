import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEPOSIT_LIMIT_PERIOD_LABELS,
  DEPOSIT_LIMIT_PERIODS,
  type DepositLimits,
  type ReadingReminder,
} from '@shared/wallet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { LoadFailed } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { selectClassName } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { showFieldErrors } from '@/lib/field-errors';
import { toast } from '@/lib/toast';
import { depositLimitsQuery, readingReminderQuery, updateDepositLimits, updateReadingReminder } from './api';
import {
  changedLimits,
  formFieldOf,
  pendingLimitLabel,
  REMINDER_OPTIONS,
  type SpendingLimitsFormInput,
  type SpendingLimitsFormOutput,
  spendingLimitsFormSchema,
  spendingLimitsFormValues,
} from './spending-limits-form';

const REMINDER_ID = 'reading-reminder';

function SpendingLimitsForm({ limits, reminder }: { limits: DepositLimits; reminder: ReadingReminder }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SpendingLimitsFormInput, unknown, SpendingLimitsFormOutput>({
    resolver: zodResolver(spendingLimitsFormSchema),
    defaultValues: spendingLimitsFormValues(limits, reminder),
  });

  const save = useMutation({
    mutationFn: async (input: SpendingLimitsFormOutput) => {
      const update = changedLimits(limits, input);
      const savedLimits = Object.keys(update).length > 0 ? await updateDepositLimits(update) : limits;
      const savedReminder =
        input.reminder === reminder.everyMinutes
          ? reminder
          : await updateReadingReminder({ everyMinutes: input.reminder });
      return { limits: savedLimits, reminder: savedReminder };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(depositLimitsQuery.queryKey, saved.limits);
      queryClient.setQueryData(readingReminderQuery.queryKey, saved.reminder);
      reset(spendingLimitsFormValues(saved.limits, saved.reminder));
      const waiting = DEPOSIT_LIMIT_PERIODS.filter((period) => saved.limits.pending[period]);
      toast.success('Spending limits saved', {
        description: waiting.length > 0 ? 'Raising or removing a limit takes effect after 24 hours.' : undefined,
      });
    },
    onError: (error) => {
      showFieldErrors(error, formFieldOf, setError);
      toast.error('Failed to save spending limits', { description: error.message });
    },
  });

  return (
    <form
      className="grid gap-5"
      aria-label="Spending limits"
      noValidate
      onSubmit={handleSubmit((input) => save.mutate(input))}
    >
      {DEPOSIT_LIMIT_PERIODS.map((period) => {
        const id = `limit-${period}`;
        const error = errors[period]?.message;
        const pending = limits.pending[period];
        return (
          <FormField key={period} id={id} label={`${DEPOSIT_LIMIT_PERIOD_LABELS[period]} limit (USD)`} error={error}>
            <Input
              type="text"
              inputMode="decimal"
              placeholder="No limit"
              autoComplete="off"
              {...fieldAria(id, error)}
              {...register(period)}
            />
            {pending ? (
              <p className="flex items-center gap-1.5 text-xs text-gold" data-testid={`pending-${period}`}>
                <CalendarClock className="size-3.5 shrink-0" aria-hidden="true" />
                {pendingLimitLabel(pending)}
              </p>
            ) : null}
          </FormField>
        );
      })}
      <FormField
        id={REMINDER_ID}
        label="Remind me during readings"
        hint="A note of the time and cost so far, on the reading's page."
      >
        <select className={selectClassName} {...fieldAria(REMINDER_ID, undefined, 'hint')} {...register('reminder')}>
          {REMINDER_OPTIONS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

/**
 * The client's own limits on deposits (docs/decisions/018) and the reading reminder. Lowering a
 * limit holds at once; raising or removing one waits 24 hours, shown beside its field.
 */
export function SpendingLimitsCard() {
  const limits = useQuery(depositLimitsQuery);
  const reminder = useQuery(readingReminderQuery);
  const failed = limits.isError ? limits : reminder.isError ? reminder : null;

  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-gold" aria-hidden="true" />
          Spending limits
        </CardTitle>
        <CardDescription>
          Cap what you add each day, week and month (UTC). A lower limit applies at once; raising or removing one takes
          24 hours.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {failed ? (
          <LoadFailed query={failed} message="Failed to load your spending limits." />
        ) : limits.data && reminder.data ? (
          <SpendingLimitsForm limits={limits.data} reminder={reminder.data} />
        ) : (
          <div className="grid gap-5" role="status" aria-label="Loading spending limits">
            {[1, 2, 3, 4].map((row) => (
              <Skeleton key={row} className="h-16" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

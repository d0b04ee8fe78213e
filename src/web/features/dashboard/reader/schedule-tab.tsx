import { zodResolver } from '@hookform/resolvers/zod';
import { type ReaderSchedule, SCHEDULE_SLOTS_MAX, WEEKDAY_NAMES } from '@shared/reader-schedule';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { LoadFailed } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { selectClassName } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { describeUsualAvailability, viewerTimeZone } from '@/lib/usual-availability';
import { readerScheduleQuery, saveReaderSchedule } from './reader-api';
import {
  type ScheduleFormInput,
  type ScheduleFormOutput,
  scheduleFormSchema,
  toScheduleForm,
  toScheduleFormField,
} from './schedule-form';

/** Monday first in the day picker, as people plan a week; the values stay Sunday = 0. */
const DAY_OPTIONS = [1, 2, 3, 4, 5, 6, 0].map((weekday) => ({
  value: String(weekday),
  label: WEEKDAY_NAMES[weekday]!,
}));

function timeZoneOptions(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort();
}

function ScheduleForm({ schedule }: { schedule: ReaderSchedule }) {
  const queryClient = useQueryClient();
  const browserZone = viewerTimeZone();
  const isNew = schedule.slots.length === 0 && schedule.timeZone === 'UTC';
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm<ScheduleFormInput, unknown, ScheduleFormOutput>({
    resolver: zodResolver(scheduleFormSchema),
    defaultValues: toScheduleForm(schedule, browserZone, isNew),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'slots' });
  const timeZone = watch('timeZone');
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  const shownToClients = describeUsualAvailability(schedule, browserZone, new Date());

  const save = useMutation({
    mutationFn: saveReaderSchedule,
    onSuccess: (saved) => {
      queryClient.setQueryData(readerScheduleQuery.queryKey, saved);
      reset(toScheduleForm(saved, browserZone, false));
      // The directory shows the new hours on the reader's card.
      void queryClient.invalidateQueries({ queryKey: ['readers'] });
      toast.success('Schedule saved');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        for (const [key, message] of Object.entries(error.fields)) {
          const field = toScheduleFormField(key);
          if (field) setError(field, { message });
        }
      }
      toast.error('Failed to save schedule', { description: error.message });
    },
  });

  const lastSlot = fields.at(-1);
  return (
    <form
      className="grid gap-6"
      aria-label="Weekly schedule"
      noValidate
      onSubmit={handleSubmit((input) => save.mutate(input))}
    >
      <FormField
        id="schedule-zone"
        label="Your time zone"
        error={errors.timeZone?.message}
        hint="Your hours are kept in this zone; clients see them in theirs."
        className="max-w-md"
      >
        <select
          className={selectClassName}
          {...fieldAria('schedule-zone', errors.timeZone?.message, 'hint')}
          {...register('timeZone')}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
      </FormField>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">Weekly hours</legend>
        {fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">No hours yet. Add the times you are usually online.</p>
        ) : null}
        <ul className="grid gap-3">
          {fields.map((field, index) => {
            const slotErrors = errors.slots?.[index];
            const id = (name: string) => `slot-${field.id}-${name}`;
            return (
              <li
                key={field.id}
                className="grid grid-cols-2 items-start gap-3 rounded-xl border border-border bg-muted/30 p-3 sm:grid-cols-[minmax(0,1fr)_8rem_8rem_auto]"
                data-testid="schedule-slot"
              >
                <FormField
                  id={id('day')}
                  label="Day"
                  error={slotErrors?.weekday?.message}
                  className="col-span-2 sm:col-span-1"
                >
                  <select
                    className={selectClassName}
                    {...fieldAria(id('day'), slotErrors?.weekday?.message)}
                    {...register(`slots.${index}.weekday`)}
                  >
                    {DAY_OPTIONS.map(({ value, label }) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                </FormField>
                <FormField id={id('from')} label="From" error={slotErrors?.from?.message}>
                  <Input
                    type="time"
                    step={60}
                    {...fieldAria(id('from'), slotErrors?.from?.message)}
                    {...register(`slots.${index}.from`)}
                  />
                </FormField>
                <FormField id={id('to')} label="To" error={slotErrors?.to?.message}>
                  <Input
                    type="time"
                    step={60}
                    {...fieldAria(id('to'), slotErrors?.to?.message)}
                    {...register(`slots.${index}.to`)}
                  />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="col-span-2 justify-self-end sm:col-span-1 sm:mt-7"
                  aria-label={`Remove slot ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="sm:sr-only">Remove</span>
                </Button>
              </li>
            );
          })}
        </ul>
        {errors.slots?.root?.message || errors.slots?.message ? (
          <p role="alert" className="text-sm font-semibold text-destructive">
            {errors.slots?.root?.message ?? errors.slots?.message}
          </p>
        ) : null}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={fields.length >= SCHEDULE_SLOTS_MAX}
            // A new row continues the last one's day and hours: most weeks repeat.
            onClick={() =>
              append(
                lastSlot ? { ...watch(`slots.${fields.length - 1}`) } : { weekday: '1', from: '09:00', to: '17:00' },
              )
            }
          >
            <Plus aria-hidden="true" />
            Add time slot
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          An end of 12:00 AM means midnight. Several slots on one day may not overlap.
        </p>
      </fieldset>

      <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground" data-testid="schedule-preview">
          {shownToClients
            ? `Your card shows (on this device's clock): ${shownToClients}`
            : 'Clients see no hours on your card until you save some.'}
        </p>
        <Button type="submit" disabled={save.isPending || (!isDirty && !isNew)} className="w-full sm:w-fit">
          {save.isPending ? 'Saving…' : 'Save Schedule'}
        </Button>
      </div>
    </form>
  );
}

/** Weekly availability slots and their time zone, shown on the directory card as 'Usually available …'. */
export function ReaderScheduleTab() {
  const query = useQuery(readerScheduleQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Schedule</CardTitle>
        <CardDescription>
          When you are usually online. Clients see these hours on your card, in their own time zone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-48" role="status" aria-label="Loading your schedule" />
        ) : query.isError ? (
          <LoadFailed query={query} />
        ) : (
          <ScheduleForm schedule={query.data} />
        )}
      </CardContent>
    </Card>
  );
}

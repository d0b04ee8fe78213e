import { APPOINTMENT_MINUTES, type AppointmentMinutes, type AppointmentSlots } from '@shared/appointments';
import { SESSION_TYPES, type SessionType } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { Reader } from '@shared/readers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { appointmentKeys, bookAppointment } from './api';

const TYPE_NAMES: Record<SessionType, string> = { chat: 'Chat', audio: 'Audio', video: 'Video' };

/** Buttons of which one is chosen (a radio group a thumb can hit); `isGrid` lines many up in even columns. */
function Choice<T extends string | number>({
  label,
  options,
  value,
  onChange,
  render,
  isGrid = false,
}: {
  label: string;
  options: readonly T[];
  value: T | null;
  onChange: (next: T) => void;
  render: (option: T) => ReactNode;
  isGrid?: boolean;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1 text-sm font-semibold">{label}</legend>
      <div className={isGrid ? 'grid grid-cols-3 gap-2' : 'flex flex-wrap gap-2'}>
        {options.map((option) => (
          <Button
            key={option}
            size="sm"
            className={isGrid ? 'px-1' : undefined}
            variant={option === value ? 'default' : 'outline'}
            aria-pressed={option === value}
            onClick={() => onChange(option)}
          >
            {render(option)}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/** The free starts that fit `minutes`, by day of the viewer's calendar (their own time zone). */
function startsByDay(slots: AppointmentSlots['slots'], minutes: number) {
  const days = new Map<string, string[]>();
  for (const slot of slots) {
    if (slot.maxMinutes < minutes) continue;
    const day = format(parseISO(slot.startsAt), 'yyyy-MM-dd');
    days.set(day, [...(days.get(day) ?? []), slot.startsAt]);
  }
  return days;
}

function why(error: unknown, priceCents: number): ReactNode {
  if (error instanceof ApiError && error.status === 402) {
    return (
      <>
        Your wallet cannot hold {formatCents(priceCents)}.{' '}
        <Link to={paths.dashboardWallet} className="text-primary underline">
          Add funds
        </Link>
        , then book.
      </>
    );
  }
  return error instanceof Error ? error.message : 'The booking failed. Please try again.';
}

/** The choices (kind, length, day, start), the price and the confirmation; loaded only for a viewer who can book. */
export function BookingForm({ reader, slots }: { reader: Reader; slots: AppointmentSlots }) {
  const queryClient = useQueryClient();
  const [sessionType, setSessionType] = useState<SessionType>('chat');
  const [minutes, setMinutes] = useState<AppointmentMinutes>(30);
  const [day, setDay] = useState<string | null>(null);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const days = useMemo(() => startsByDay(slots.slots, minutes), [slots.slots, minutes]);
  const shownDay = day !== null && days.has(day) ? day : ([...days.keys()][0] ?? null);
  const times = shownDay ? (days.get(shownDay) ?? []) : [];
  const chosen = startsAt !== null && times.includes(startsAt) ? startsAt : null;
  const priceCents = slots.ratesPerMinuteCents[sessionType] * minutes;
  const book = useMutation({
    mutationFn: () => bookAppointment({ readerId: reader.id, sessionType, startsAt: chosen!, minutes }),
    onSuccess: () => {
      toast.success('Booked: the price is held until the reader answers');
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
    onError: (error) => {
      // The slot may just have been taken: show what is free now.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.slots(reader.id) });
    },
  });

  if (book.isSuccess) {
    return (
      <p className="text-sm font-semibold" role="status">
        Booked for {format(parseISO(book.data.startsAt), 'EEE, MMM d, h:mm a')}. {reader.firstName} answers by{' '}
        {format(parseISO(book.data.answerBy), 'MMM d, h:mm a')}; follow it in your{' '}
        <Link to={paths.dashboardAppointments} className="text-primary underline">
          Appointments
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <Choice
        label="Kind"
        options={SESSION_TYPES}
        value={sessionType}
        onChange={setSessionType}
        render={(type) => `${TYPE_NAMES[type]} · ${formatCents(slots.ratesPerMinuteCents[type])}/min`}
      />
      <Choice
        label="Length"
        options={APPOINTMENT_MINUTES}
        value={minutes}
        onChange={setMinutes}
        render={(length) => `${length} min`}
      />
      {days.size === 0 ? (
        <p className="text-sm text-muted-foreground">No free {minutes}-minute slot in the next 14 days.</p>
      ) : (
        <>
          <Choice
            label="Day"
            options={[...days.keys()]}
            value={shownDay}
            onChange={setDay}
            render={(date) => format(parseISO(date), 'EEE d MMM')}
            isGrid
          />
          <Choice
            label="Start (your time)"
            options={times}
            value={chosen}
            onChange={setStartsAt}
            render={(iso) => format(parseISO(iso), 'h:mm a')}
            isGrid
          />
        </>
      )}
      {chosen ? (
        <div className="grid gap-2 rounded-md border border-border bg-muted/40 p-3">
          <p className="text-sm">
            {TYPE_NAMES[sessionType]} · {minutes} minutes · {format(parseISO(chosen), 'EEE, MMM d, h:mm a')}
          </p>
          <p>
            <span className="text-2xl font-semibold text-gold tabular-nums" data-testid="appointment-price">
              {formatCents(priceCents)}
            </span>{' '}
            <span className="text-sm text-muted-foreground">
              held from your wallet now; back in full if {reader.firstName} declines or does not come.
            </span>
          </p>
          <Button onClick={() => book.mutate()} disabled={book.isPending}>
            {book.isPending ? 'Booking…' : `Confirm booking for ${formatCents(priceCents)}`}
          </Button>
          {book.isError ? (
            <p className="text-sm text-destructive" role="alert">
              {why(book.error, priceCents)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

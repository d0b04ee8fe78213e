import { SESSION_BOOKINGS, type SessionBooking } from '@shared/admin';
import type { SessionType } from '@shared/constants';
import { formatCents } from '@shared/money';
import { OPEN_SESSION_STATUSES, type ReadingSession, type SessionStatus } from '@shared/sessions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ListSkeleton, LoadFailed, PagedList } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { selectClassName } from '@/components/ui/native-select';
import { toast } from '@/lib/toast';
import { adminQueryKeys, adminSessionsQuery, endSessionAsAdmin } from './admin-api';
import { ConfirmDialog } from './confirm-dialog';

export const SESSIONS_PAGE_SIZE = 20;

const STATUS_LABELS: Record<SessionStatus, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
  declined: 'Declined',
  missed: 'Missed',
};
/** The filter's order: the life of a reading first, then the ways it ends without one. */
const STATUS_ORDER: readonly SessionStatus[] = [
  'requested',
  'accepted',
  'active',
  'completed',
  'cancelled',
  'declined',
  'missed',
];
const STATUS_FILTERS = STATUS_ORDER.map((value) => ({ value, label: STATUS_LABELS[value] }));
const TYPE_LABELS: Record<SessionType, string> = { chat: 'Chat', audio: 'Audio', video: 'Video' };

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function StatusBadge({ status }: { status: SessionStatus }) {
  const variant =
    status === 'active'
      ? 'pink'
      : status === 'completed'
        ? 'gold'
        : OPEN_SESSION_STATUSES.includes(status)
          ? 'secondary'
          : 'outline';
  return <Badge variant={variant}>{STATUS_LABELS[status]}</Badge>;
}

function useEndSession(session: ReadingSession) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endSessionAsAdmin(session.id),
    onSuccess: () => toast.success('Session ended'),
    onError: (error) => toast.error('Failed to end session', { description: error.message }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.sessions }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.stats }),
      ]),
  });
}

function EndSessionButton({ session }: { session: ReadingSession }) {
  const mutation = useEndSession(session);
  const [isConfirming, setIsConfirming] = useState(false);
  const hasStarted = session.status === 'active';
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={mutation.isPending || mutation.isSuccess}
        onClick={() => setIsConfirming(true)}
      >
        {mutation.isPending ? 'Ending…' : 'End session'}
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="End this session?"
        description={
          hasStarted
            ? `The reading between ${session.client.name} and ${session.reader.name} ends now; ${session.client.name} pays only for the time up to this moment.`
            : `The request from ${session.client.name} to ${session.reader.name} is cancelled before it starts; nothing is charged.`
        }
        confirmLabel="End session"
        cancelLabel="Keep it going"
        isDestructive
        onConfirm={() => mutation.mutate()}
      />
    </>
  );
}

function SessionRow({ session }: { session: ReadingSession }) {
  const isOpen = OPEN_SESSION_STATUSES.includes(session.status);
  return (
    <li
      className="grid gap-3 py-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center md:gap-6"
      data-testid="admin-session"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold [overflow-wrap:anywhere]">{session.client.name}</span>
          <span className="text-muted-foreground">with</span>
          <span className="font-semibold [overflow-wrap:anywhere]">{session.reader.name}</span>
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="outline">{TYPE_LABELS[session.sessionType]}</Badge>
          <StatusBadge status={session.status} />
          <span>
            {session.startedAt ? (
              <time dateTime={session.startedAt}>Started {dateTime.format(new Date(session.startedAt))}</time>
            ) : (
              'Not started'
            )}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <dl className="grid grid-cols-2 gap-x-6 text-sm md:grid-cols-[4.5rem_6rem]">
          <div>
            <dt className="text-xs text-muted-foreground">Minutes</dt>
            <dd className="tabular-nums">{session.minutesCharged}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Total</dt>
            <dd className="tabular-nums">{formatCents(session.totalCostCents)}</dd>
          </div>
        </dl>
        <div className="flex w-28 justify-end">{isOpen ? <EndSessionButton session={session} /> : null}</div>
      </div>
    </li>
  );
}

function SessionList({
  status,
  booking,
  offset,
  onOffsetChange,
}: {
  status: SessionStatus | undefined;
  booking: SessionBooking | undefined;
  offset: number;
  onOffsetChange: (offset: number) => void;
}) {
  const query = useQuery({
    ...adminSessionsQuery({ status, booking, limit: SESSIONS_PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return <ListSkeleton label="Loading sessions" />;
  if (query.isError) return <LoadFailed query={query} />;
  return (
    <PagedList
      label="Sessions"
      items={query.data.sessions}
      renderItem={(session) => <SessionRow key={session.id} session={session} />}
      empty={status ? `No ${STATUS_LABELS[status].toLowerCase()} sessions.` : 'No sessions yet.'}
      isPlaceholderData={query.isPlaceholderData}
      offset={offset}
      pageSize={SESSIONS_PAGE_SIZE}
      hasMore={query.data.hasMore}
      onOffsetChange={onOffsetChange}
    />
  );
}

/** Every reading on the platform, newest request first; an open one can be ended by the admin. */
export function SessionsTab() {
  const titleId = useId();
  const statusId = useId();
  const bookingId = useId();
  const [status, setStatus] = useState<SessionStatus | undefined>();
  const [booking, setBooking] = useState<SessionBooking | undefined>();
  const [offset, setOffset] = useState(0);

  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle id={titleId}>Sessions</CardTitle>
            <CardDescription>
              Newest request first. Ending an active reading bills the client up to that moment.
            </CardDescription>
          </div>
          <div className="grid gap-1.5 sm:w-48">
            <Label htmlFor={statusId}>Status</Label>
            <select
              id={statusId}
              className={selectClassName}
              value={status ?? ''}
              onChange={(event) => {
                setStatus(STATUS_FILTERS.find((filter) => filter.value === event.target.value)?.value);
                setOffset(0);
              }}
            >
              <option value="">All statuses</option>
              {STATUS_FILTERS.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5 sm:w-48">
            <Label htmlFor={bookingId}>Booking</Label>
            <select
              id={bookingId}
              className={selectClassName}
              value={booking ?? ''}
              onChange={(event) => {
                setBooking(SESSION_BOOKINGS.find((value) => value === event.target.value));
                setOffset(0);
              }}
            >
              <option value="">Booked and walk-in</option>
              <option value="booked">Appointments</option>
              <option value="walk-in">Walk-in</option>
            </select>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SessionList status={status} booking={booking} offset={offset} onOffsetChange={setOffset} />
        </CardContent>
      </Card>
    </section>
  );
}

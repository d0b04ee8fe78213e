import {
  APPOINTMENT_FREE_CANCEL_HOURS,
  APPOINTMENT_JOIN_EARLY_MINUTES,
  APPOINTMENT_STATUS_LABELS,
  type Appointment,
} from '@shared/appointments';
import { formatCents } from '@shared/money';
import { MINUTE_MS } from '@shared/time-units';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { ClientNotesButton } from '@/features/client-notes';
import { readerProfilePath, readingPath, sessionDetailsPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useNow } from '@/lib/use-now';
import { type AppointmentAction, appointmentAction, appointmentKeys, myAppointmentsQuery } from './api';

const when = (iso: string) => format(parseISO(iso), 'EEE, MMM d, yyyy, h:mm a');
const isOpen = (a: Appointment) => a.status === 'pending' || a.status === 'accepted';

/** While 'Join' shows: from 5 minutes before the start to the booked end, for an accepted appointment. */
const isJoinable = (a: Appointment, now: number) =>
  a.status === 'accepted' &&
  now >= Date.parse(a.startsAt) - APPOINTMENT_JOIN_EARLY_MINUTES * MINUTE_MS &&
  now < Date.parse(a.endsAt);

function cancelNote(a: Appointment, isReader: boolean, now: number): string {
  if (isReader || a.status === 'pending') return 'The client gets the price back in full.';
  const isLate = Date.parse(a.startsAt) - now <= APPOINTMENT_FREE_CANCEL_HOURS * 60 * MINUTE_MS;
  return isLate
    ? `Less than ${APPOINTMENT_FREE_CANCEL_HOURS} hours ahead: half the price goes to the reader.`
    : 'More than 12 hours ahead: the price comes back in full.';
}

function Row({ appointment: a, isReader, now }: { appointment: Appointment; isReader: boolean; now: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const act = useMutation({
    mutationFn: (action: AppointmentAction) => appointmentAction(a.id, action),
    onSuccess: (updated, action) => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      if (action === 'join' && updated.sessionId) navigate(readingPath(updated.sessionId));
      else if (action !== 'join') toast.success(APPOINTMENT_STATUS_LABELS[updated.status]);
    },
    onError: (error) => toast.error(error.message),
  });
  const hasJoined = isReader ? a.readerJoinedAt !== null : a.clientJoinedAt !== null;
  const joinable = isJoinable(a, now);
  // The other side joined while this page waited: the reading room has just opened, go in. (Only on
  // that change: a room seen from before, an ended reading's, is not entered again.)
  const seenSessionId = useRef(a.sessionId);
  useEffect(() => {
    const opened = seenSessionId.current === null && a.sessionId !== null;
    seenSessionId.current = a.sessionId;
    if (opened && joinable && hasJoined) navigate(readingPath(a.sessionId!));
  }, [joinable, hasJoined, a.sessionId, navigate]);
  const other = isReader ? a.clientName : a.readerName;
  return (
    <li className="grid gap-2 py-4" data-testid="appointment-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {isReader ? (
            `With ${other}`
          ) : (
            <>
              With{' '}
              <Link
                to={readerProfilePath(a.readerUsername)}
                className="text-primary underline-offset-4 hover:underline"
              >
                {other}
              </Link>
            </>
          )}
          <span className="font-normal text-muted-foreground">
            {' '}
            · {a.sessionType} · {a.minutes} min · {formatCents(a.priceCents)}
          </span>
        </p>
        <Badge variant={a.status === 'accepted' || a.status === 'completed' ? 'default' : 'secondary'}>
          {APPOINTMENT_STATUS_LABELS[a.status]}
        </Badge>
      </div>
      <p className="text-sm">{when(a.startsAt)}</p>
      {a.status === 'pending' ? (
        <p className="text-xs text-muted-foreground">
          {isReader
            ? `Accept or decline by ${when(a.answerBy)}; unanswered, it is declined by itself.`
            : `Held from your wallet; ${a.readerName} answers by ${when(a.answerBy)}.`}
        </p>
      ) : null}
      {a.feeCents > 0 ? (
        <p className="text-xs text-muted-foreground">Fee paid to the reader: {formatCents(a.feeCents)}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {joinable ? (
          hasJoined && !a.sessionId ? (
            <p className="text-sm font-semibold" role="status">
              Waiting for {other} to join…
            </p>
          ) : (
            <Button size="sm" variant="gold" disabled={act.isPending} onClick={() => act.mutate('join')}>
              Join
            </Button>
          )
        ) : null}
        {isReader && a.status === 'pending' ? (
          <>
            <Button size="sm" disabled={act.isPending} onClick={() => act.mutate('accept')}>
              Accept
            </Button>
            <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => act.mutate('decline')}>
              Decline
            </Button>
          </>
        ) : null}
        {isOpen(a) && now < Date.parse(a.startsAt) ? (
          <Dialog>
            <DialogTrigger asChild>
              <Button size="sm" variant="ghost" disabled={act.isPending}>
                Cancel
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Cancel this appointment?</DialogTitle>
                <DialogDescription>{cancelNote(a, isReader, now)}</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Keep it</Button>
                </DialogClose>
                <DialogClose asChild>
                  <Button variant="destructive" onClick={() => act.mutate('cancel')}>
                    Cancel appointment
                  </Button>
                </DialogClose>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        ) : null}
        {a.status === 'completed' && a.sessionId ? (
          <Button asChild size="sm" variant="link">
            <Link to={sessionDetailsPath(a.sessionId)}>Receipt</Link>
          </Button>
        ) : null}
        {isReader ? <ClientNotesButton clientId={a.clientId} clientName={a.clientName} /> : null}
      </div>
    </li>
  );
}

/**
 * The dashboard's Appointments tab (decision 048), for the client and the reader alike: upcoming ones
 * (with Accept/Decline for the reader, Cancel for both, and 'Join' from 5 minutes before the start)
 * and past ones; the reader sees how many they missed.
 */
export function AppointmentsTab({ viewerId, side }: { viewerId: string; side: 'client' | 'reader' }) {
  const now = useNow(true, 15_000);
  const query = useQuery(myAppointmentsQuery);
  const list = (query.data?.appointments ?? []).filter((a) =>
    side === 'reader' ? a.readerId === viewerId : a.clientId === viewerId,
  );
  // While one can be joined, look again often: the other side's Join opens the room.
  const isWaiting = list.some((a) => isJoinable(a, now));
  const { refetch } = query;
  useEffect(() => {
    if (!isWaiting) return;
    const timer = setInterval(() => void refetch(), 3000);
    return () => clearInterval(timer);
  }, [isWaiting, refetch]);
  if (query.isPending) return <ListSkeleton label="Loading appointments..." />;
  if (query.isError) return <LoadFailed query={query} message="We could not load your appointments." />;
  const upcoming = list.filter((a) => isOpen(a) && Date.parse(a.endsAt) > now);
  const past = list.filter((a) => !upcoming.includes(a)).reverse();
  const isReader = side === 'reader';
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Upcoming appointments</CardTitle>
          <CardDescription>
            {isReader
              ? `Booked from your Schedule. Missed by you so far: ${query.data.missedByReaderCount}.`
              : 'Readings you booked; the price is held from your wallet until the reading.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {upcoming.length === 0 ? (
            <p className="text-muted-foreground">No upcoming appointments.</p>
          ) : (
            <ul className="divide-y divide-border">
              {upcoming.map((a) => (
                <Row key={a.id} appointment={a} isReader={isReader} now={now} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Past appointments</CardTitle>
        </CardHeader>
        <CardContent>
          {past.length === 0 ? (
            <p className="text-muted-foreground">None yet.</p>
          ) : (
            <ul className="divide-y divide-border">
              {past.map((a) => (
                <Row key={a.id} appointment={a} isReader={isReader} now={now} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

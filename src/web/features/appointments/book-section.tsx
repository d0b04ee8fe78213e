import type { Reader } from '@shared/readers';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { Link, useLocation } from 'react-router';
import { LoadFailed } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '@/lib/auth';
import { loginPath } from '@/lib/paths';
import { slotsQuery } from './api';

// The form (date formatting, the booking call) loads only for a signed-in viewer, as the question form does.
const BookingForm = lazy(() => import('./booking-form').then((module) => ({ default: module.BookingForm })));

/**
 * 'Book a reading' on a reader's profile (decision 048): the next 14 days' free slots of their weekly
 * schedule in the viewer's time zone, a kind and a length, the price (held from the wallet at once)
 * and a confirmation. Hidden while the reader has no schedule, and on the reader's own profile.
 */
export function BookReadingSection({ reader }: { reader: Reader }) {
  const titleId = useId();
  const { data: viewer } = useProfile();
  const { pathname } = useLocation();
  const slots = useQuery({ ...slotsQuery(reader.id), enabled: Boolean(viewer) && reader.schedule.slots.length > 0 });
  if (viewer?.id === reader.id || reader.schedule.slots.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader className="flex-row items-center gap-2">
          <CalendarClock className="size-5 text-gold" aria-hidden="true" />
          <h2 id={titleId} className="text-lg leading-tight font-semibold">
            Book a reading
          </h2>
        </CardHeader>
        <CardContent className="grid gap-3">
          {viewer === null ? (
            <Button asChild variant="outline">
              <Link to={loginPath(pathname)}>Sign in to book</Link>
            </Button>
          ) : slots.data ? (
            <Suspense fallback={<Skeleton className="h-40" />}>
              <BookingForm reader={reader} slots={slots.data} />
            </Suspense>
          ) : slots.isError ? (
            <LoadFailed query={slots} message="We could not load the free slots." />
          ) : (
            <Skeleton className="h-40" />
          )}
        </CardContent>
      </Card>
    </section>
  );
}

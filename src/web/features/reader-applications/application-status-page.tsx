import type { ApplicationStatus } from '@shared/reader-applications';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListSkeleton } from '@/components/list-states';
import { PageHeading } from '@/components/page-heading';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { applicationStatusQuery } from './apply-api';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const linkClass = 'font-semibold text-pink underline-offset-4 hover:underline';

function StatusCard({ application }: { application: ApplicationStatus }) {
  const received = `Received on ${day.format(new Date(application.createdAt))}.`;
  const decided = application.decidedAt ? ` Decided on ${day.format(new Date(application.decidedAt))}.` : '';
  if (application.status === 'pending') {
    return (
      <StatusLine
        icon={<Hourglass className="size-8 text-gold" aria-hidden="true" />}
        title="Under review"
        detail={received}
      >
        <p>Our team reads every application and its sample reading. We will write to you as soon as we decide.</p>
      </StatusLine>
    );
  }
  if (application.status === 'approved') {
    return (
      <StatusLine
        icon={<CircleCheck className="size-8 text-pink" aria-hidden="true" />}
        title="Approved"
        detail={received + decided}
      >
        <p>
          Welcome to Soul Tribe. We mailed you a link to set your password; then{' '}
          <Link to={paths.login} className={linkClass}>
            sign in
          </Link>{' '}
          to set up your reader profile.
        </p>
      </StatusLine>
    );
  }
  return (
    <StatusLine
      icon={<CircleX className="size-8 text-muted-foreground" aria-hidden="true" />}
      title="Not accepted"
      detail={received + decided}
    >
      <p>We are not able to accept your application at this time.</p>
      <p className="rounded-lg border border-border bg-muted/30 p-3 [overflow-wrap:anywhere] whitespace-pre-line">
        <span className="font-semibold">Our reason: </span>
        {application.rejectionReason}
      </p>
    </StatusLine>
  );
}

function StatusLine({
  icon,
  title,
  detail,
  children,
}: {
  icon: ReactNode;
  title: string;
  detail: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div className="flex items-center gap-3">
          {icon}
          <div>
            <h2 className="text-2xl font-semibold">{title}</h2>
            <p className="text-sm text-muted-foreground">{detail}</p>
          </div>
        </div>
        {children}
      </CardContent>
    </Card>
  );
}

/** /apply/status?token=…: the applicant's view of their application, by the link in the confirmation mail (no sign-in). */
export function ApplicationStatusPage() {
  usePageMeta({ title: 'Your Application', description: 'Where your application to read on Soul Tribe stands.' });
  const token = useSearchParams()[0].get('token') ?? '';
  const query = useQuery({ ...applicationStatusQuery(token), enabled: token !== '' });
  const greeting = query.data
    ? `Hello ${query.data.firstName}, here is where your application to read on Soul Tribe stands.`
    : undefined;
  return (
    <div className="pb-16">
      <PageHeading title="Your Application" description={greeting} />
      <div className="mx-auto max-w-2xl px-4">
        {token === '' || query.isError ? (
          <Alert variant="destructive">
            <CircleX aria-hidden="true" />
            <span>
              {query.error?.message ?? 'This status link is not valid. Use the link in your confirmation mail.'}{' '}
              <Link to={paths.apply} className={linkClass}>
                Apply to read
              </Link>
            </span>
          </Alert>
        ) : query.isPending ? (
          <ListSkeleton label="Loading your application" rowClassName="h-32" />
        ) : (
          <StatusCard application={query.data} />
        )}
      </div>
    </div>
  );
}

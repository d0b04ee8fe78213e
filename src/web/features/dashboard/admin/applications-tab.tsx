import { formatCount } from '@shared/count-format';
import { formatCents } from '@shared/money';
import { type AdminReaderApplication, REJECTION_REASON_MAX, REJECTION_REASON_MIN } from '@shared/reader-applications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useNow } from '@/lib/use-now';
import { adminQueryKeys } from './admin-api';
import { approveApplication, openApplicationsQuery, rejectApplication } from './applications-api';
import { ConfirmDialog } from './confirm-dialog';
import { QueueCard } from './queue-card';
import { waitedSpan } from './report-age';

const receivedAt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/**
 * One decision per application. A 409 means another admin decided first: the queue refreshes and
 * the application leaves it.
 */
function useDecide(application: AdminReaderApplication) {
  const queryClient = useQueryClient();
  const name = `${application.firstName} ${application.lastName}`;
  return useMutation({
    mutationFn: (decision: Decision) =>
      decision.kind === 'approve'
        ? approveApplication(application.id)
        : rejectApplication(application.id, decision.reason),
    onSuccess: (_result, decision) =>
      toast.success(decision.kind === 'approve' ? `${name} is now a reader` : `${name}'s application was rejected`, {
        description:
          decision.kind === 'approve' ? 'We mailed them a link to set their password.' : 'We mailed them your reason.',
      }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) toast.error(error.message);
      else toast.error('Failed to decide the application', { description: error.message });
    },
    // The queue and, for an approval, the Readers tab and the stats.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function ApplicationRow({ application, nowMs }: { application: AdminReaderApplication; nowMs: number }) {
  const decide = useDecide(application);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const name = `${application.firstName} ${application.lastName}`;
  const isLocked = decide.isPending || decide.isSuccess;
  const trimmedReason = reason.trim();
  return (
    <li className="grid gap-3 py-4" data-testid="admin-application" aria-label={`Application from ${name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold">{name}</h3>
        <Badge variant="secondary">
          <time dateTime={application.createdAt} title={receivedAt.format(new Date(application.createdAt))}>
            Waiting {waitedSpan(application.createdAt, nowMs)}
          </time>
        </Badge>
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Fact label="Email">{application.email}</Fact>
        <Fact label="Experience">{application.yearsExperience} years</Fact>
        <Fact label="Rates (chat / audio / video)">
          {formatCents(application.chatRateCents)} / {formatCents(application.audioRateCents)} /{' '}
          {formatCents(application.videoRateCents)} per min
        </Fact>
        <Fact label="Specialties">{application.specialties.join(', ')}</Fact>
        <div className="sm:col-span-2">
          <Fact label="Bio">{application.bio}</Fact>
        </div>
      </dl>
      <details className="rounded-lg border border-border bg-muted/30 p-3">
        <summary className="cursor-pointer text-sm font-semibold">
          Sample reading ({formatCount(application.sampleReading.length)} characters)
        </summary>
        <p className="mt-2 max-h-64 overflow-y-auto text-sm whitespace-pre-line [overflow-wrap:anywhere]">
          {application.sampleReading}
        </p>
      </details>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button variant="outline" size="sm" disabled={isLocked} onClick={() => setDialog('reject')}>
          {decide.isPending && decide.variables?.kind === 'reject' ? 'Rejecting…' : 'Reject'}
        </Button>
        <Button variant="gold" size="sm" disabled={isLocked} onClick={() => setDialog('approve')}>
          {decide.isPending && decide.variables?.kind === 'approve' ? 'Approving…' : 'Approve'}
        </Button>
      </div>
      <ConfirmDialog
        open={dialog === 'approve'}
        onOpenChange={(open) => setDialog(open ? 'approve' : null)}
        title={`Approve ${name}?`}
        description={`This creates a reader account for ${application.email} with this profile and rates, and mails a link to set a password.`}
        confirmLabel="Approve"
        onConfirm={() => decide.mutate({ kind: 'approve' })}
      />
      <ConfirmDialog
        open={dialog === 'reject'}
        onOpenChange={(open) => setDialog(open ? 'reject' : null)}
        title={`Reject ${name}'s application?`}
        description="The applicant reads your reason in a mail and on their status page."
        confirmLabel="Reject"
        isDestructive
        isConfirmDisabled={trimmedReason.length < REJECTION_REASON_MIN}
        onConfirm={() => decide.mutate({ kind: 'reject', reason: trimmedReason })}
      >
        <FormField
          id={reasonId}
          label="Reason"
          hint={`At least ${REJECTION_REASON_MIN} characters; the applicant sees it.`}
        >
          <Textarea
            id={reasonId}
            aria-describedby={`${reasonId}-hint`}
            rows={4}
            maxLength={REJECTION_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </FormField>
      </ConfirmDialog>
    </li>
  );
}

/** The admin's queue of reader applications (decision 045), oldest first, each with how long it has waited. */
export function ApplicationsTab() {
  const query = useQuery(openApplicationsQuery);
  const nowMs = useNow(true, 30_000);
  return (
    <QueueCard
      icon={ClipboardList}
      title="Reader applications"
      description="Oldest first. Approving creates the reader account; rejecting mails your reason."
      query={query}
      noun="applications"
      emptyMessage="No open applications."
      isEmpty={(data) => data.applications.length === 0}
    >
      {({ applications }) => (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {applications.length} open {applications.length === 1 ? 'application' : 'applications'}
          </p>
          <ul className="divide-y divide-border" aria-label="Open applications">
            {applications.map((application) => (
              <ApplicationRow key={application.id} application={application} nowMs={nowMs} />
            ))}
          </ul>
        </>
      )}
    </QueueCard>
  );
}

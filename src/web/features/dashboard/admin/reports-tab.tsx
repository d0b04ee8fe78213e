import type { ContactMaskContext } from '@shared/contact-details';
import { type OpenReport, PRODUCT_REPORTER_NAME, type ReportDecision, type ReportTargetType } from '@shared/reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Flag } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useNow } from '@/lib/use-now';
import { QueueCard } from './queue-card';
import { reportAge } from './report-age';
import { decideReport, openReportsQuery, reportsQueryKey } from './reports-api';

const TARGET_LABELS: Record<ReportTargetType, string> = {
  post: 'Forum post',
  reply: 'Forum reply',
  review: 'Review',
  stream_message: 'Live chat message',
  user: 'Contact details',
};

/** What hiding does to each kind of content, so the admin knows before clicking. */
const HIDE_LABELS: Record<ReportTargetType, string> = {
  post: 'Hide post',
  reply: 'Hide reply',
  review: 'Withdraw review text',
  stream_message: 'Remove message',
  // Masked details never reached anyone: there is nothing to take down, so acting on it closes it.
  user: 'Mark as handled',
};

const DECIDED_MESSAGES: Record<ReportDecision, string> = { hide: 'Content hidden', dismiss: 'Report dismissed' };
const HANDLED_MESSAGE = 'Report closed as handled';

/** Where each masked original was written, as an admin reads it in a report about its sender. */
const MASK_CONTEXT_LABELS: Record<ContactMaskContext, string> = {
  chat: 'Reading chat',
  written_question: 'Written question',
  written_answer: 'Written answer',
  stream_chat: 'Live chat',
  bio: 'Reader bio',
  review: 'Review',
};

const reportedAt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One decision per report. A second click while the first call runs is dropped; a 409 means
 * another admin decided first (or closed it with another report of the same content).
 */
function useDecideReport(reportId: string, targetType: ReportTargetType) {
  const queryClient = useQueryClient();
  const isInFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: (decision: ReportDecision) => decideReport(reportId, decision),
    onSuccess: (result, decision) =>
      toast.success(decision === 'hide' && targetType === 'user' ? HANDLED_MESSAGE : DECIDED_MESSAGES[decision], {
        description: result.decided > 1 ? `${result.decided} reports of this content were closed.` : undefined,
      }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) toast.error(error.message);
      else toast.error('Failed to decide the report', { description: error.message });
    },
    onSettled: () => {
      isInFlight.current = false;
      return queryClient.invalidateQueries({ queryKey: reportsQueryKey });
    },
  });
  return {
    isLocked: mutation.isPending || mutation.isSuccess,
    lockedDecision: mutation.isPending || mutation.isSuccess ? mutation.variables : undefined,
    decide(decision: ReportDecision) {
      if (isInFlight.current) return;
      isInFlight.current = true;
      mutation.mutate(decision);
    },
  };
}

function ReportedContent({ content }: { content: OpenReport['content'] }) {
  if (!content)
    return (
      <p className="text-sm text-muted-foreground italic">
        The content is no longer there (deleted or already taken down).
      </p>
    );
  return (
    <figure className="grid gap-1 rounded-lg border border-border bg-muted/30 p-3">
      {/* Plain text as written (React escapes it); long words wrap instead of widening the page. */}
      <blockquote className="max-h-48 overflow-y-auto text-sm whitespace-pre-line [overflow-wrap:anywhere]">
        {content.text}
      </blockquote>
      {content.maskedOriginals ? <MaskedOriginals originals={content.maskedOriginals} /> : null}
      {content.clientNotes?.length ? <ReadersNotes notes={content.clientNotes} /> : null}
      <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span>by {content.authorName}</span>
        {content.link ? (
          <Link
            to={content.link}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 text-pink underline-offset-2 hover:underline"
          >
            View in context
            <ExternalLink className="size-3" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </Link>
        ) : null}
      </figcaption>
    </figure>
  );
}

/** What the contact-details rule took out of a user's messages: only admins ever read these. */
function MaskedOriginals({
  originals,
}: {
  originals: NonNullable<NonNullable<OpenReport['content']>['maskedOriginals']>;
}) {
  return (
    <ol className="grid max-h-72 gap-2 overflow-y-auto" aria-label="Messages as written, before masking">
      {originals.map((original) => (
        <li
          key={`${original.createdAt}:${original.context}:${original.original}`}
          className="grid gap-0.5 rounded-md border border-border bg-background/60 p-2"
        >
          <span className="text-xs text-muted-foreground">
            {MASK_CONTEXT_LABELS[original.context]} ·{' '}
            <time dateTime={original.createdAt}>{reportedAt.format(new Date(original.createdAt))}</time>
          </span>
          <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{original.original}</p>
        </li>
      ))}
    </ol>
  );
}

/** Readers' private notes by or about the reported user: shown to admins here only (decision 068). */
function ReadersNotes({ notes }: { notes: NonNullable<NonNullable<OpenReport['content']>['clientNotes']> }) {
  return (
    <section className="grid gap-1">
      <h4 className="text-xs font-semibold text-muted-foreground">Readers’ private notes by or about them</h4>
      <ol className="grid max-h-56 gap-2 overflow-y-auto" aria-label="Readers’ private notes">
        {notes.map((note) => (
          <li
            key={`${note.createdAt}:${note.readerName}:${note.text}`}
            className="grid gap-0.5 rounded-md border border-border bg-background/60 p-2"
          >
            <span className="text-xs text-muted-foreground">
              {note.readerName} on {note.clientName} ·{' '}
              <time dateTime={note.createdAt}>{reportedAt.format(new Date(note.createdAt))}</time>
            </span>
            <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{note.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ReportRow({ report, nowMs }: { report: OpenReport; nowMs: number }) {
  const { decide, isLocked, lockedDecision } = useDecideReport(report.id, report.targetType);
  const age = reportAge(report.createdAt, nowMs);
  const targetLabel = TARGET_LABELS[report.targetType];
  return (
    <li
      className="grid gap-3 py-4"
      data-testid="admin-report"
      aria-label={`${targetLabel} reported by ${report.reporterName}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{targetLabel}</Badge>
        <Badge variant={age.isOverdue ? 'destructive' : 'secondary'}>
          <time dateTime={report.createdAt} title={reportedAt.format(new Date(report.createdAt))}>
            {age.label}
          </time>
        </Badge>
        <span className="text-sm text-muted-foreground">
          {report.targetType === 'user'
            ? `Filed automatically by ${PRODUCT_REPORTER_NAME}`
            : `Reported by ${report.reporterName}`}
        </span>
      </div>
      <p className="text-sm [overflow-wrap:anywhere]">
        <span className="font-semibold">Reason: </span>
        {report.reason}
      </p>
      <ReportedContent content={report.content} />
      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button variant="outline" size="sm" disabled={isLocked} onClick={() => decide('dismiss')}>
          {lockedDecision === 'dismiss' ? 'Dismissing…' : 'Dismiss'}
        </Button>
        {/* Content already gone needs no hiding: the report is only closed. */}
        <Button variant="destructive" size="sm" disabled={isLocked || !report.content} onClick={() => decide('hide')}>
          {lockedDecision === 'hide' ? 'Hiding…' : HIDE_LABELS[report.targetType]}
        </Button>
      </div>
    </li>
  );
}

/** The open count on the tab's card, with how many are past the 24-hour promise. */
function QueueSummary({ reports, nowMs }: { reports: OpenReport[]; nowMs: number }) {
  const overdue = reports.filter((report) => reportAge(report.createdAt, nowMs).isOverdue).length;
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite">
      {reports.length} open {reports.length === 1 ? 'report' : 'reports'}
      {overdue > 0 ? <span className="font-semibold text-destructive"> · {overdue} past 24 hours</span> : null}
    </p>
  );
}

/**
 * The admin's moderation queue: open reports of forum posts and replies, reviews and live chat
 * messages, and the product's own reports of users who kept sharing contact details, oldest first, each with the reported content and its age against the Community
 * Guidelines' 24-hour promise. Hide takes the content down; Dismiss leaves it.
 */
export function ReportsTab() {
  const query = useQuery(openReportsQuery);
  // Ages move on while the tab is open; the list itself refreshes each minute.
  const nowMs = useNow(true, 30_000);
  return (
    <QueueCard
      icon={Flag}
      title="Reported content"
      description="Oldest first. The Community Guidelines promise a decision within 24 hours of a report."
      query={query}
      noun="reports"
      emptyMessage="No open reports. Everything reported has been reviewed."
      isEmpty={(data) => data.reports.length === 0}
    >
      {(data) => (
        <>
          <QueueSummary reports={data.reports} nowMs={nowMs} />
          <ul className="divide-y divide-border" aria-label="Open reports">
            {data.reports.map((report) => (
              <ReportRow key={report.id} report={report} nowMs={nowMs} />
            ))}
          </ul>
        </>
      )}
    </QueueCard>
  );
}

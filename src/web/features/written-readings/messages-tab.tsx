import { formatCount } from '@shared/count-format';
import { formatCents } from '@shared/money';
import { SERVER_EVENTS } from '@shared/realtime';
import {
  ANSWER_MAX_LENGTH,
  ANSWER_MIN_LENGTH,
  answerWrittenReadingSchema,
  type WrittenReading,
} from '@shared/written-readings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { Link } from 'react-router';
import { toastContactDetailsRemoved } from '@/components/contact-details-notice';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BlockButton } from '@/features/blocks';
import { ClientNotesButton } from '@/features/client-notes';
import { paths, readerProfilePath } from '@/lib/paths';
import { useServerEvent } from '@/lib/server-events';
import { toast } from '@/lib/toast';
import { answerWrittenReading, myWrittenReadingsQuery, writtenReadingKeys } from './api';
import { RateAnswerForm, WrittenStars } from './rate-answer-form';
import { TextForm } from './text-form';

const when = (iso: string) => format(parseISO(iso), 'MMM d, yyyy, h:mm a');

const STATUS_LABEL: Record<WrittenReading['status'], string> = {
  pending: 'Waiting for an answer',
  answered: 'Answered',
  refunded: 'Refunded',
};

function StatusLine({ thread, isReader }: { thread: WrittenReading; isReader: boolean }) {
  if (thread.status === 'pending') {
    return (
      <>
        {isReader
          ? `Answer by ${when(thread.dueAt)} to earn your share`
          : `Held from your wallet; answered by ${when(thread.dueAt)} or refunded in full`}
      </>
    );
  }
  if (thread.status === 'refunded')
    return (
      <>
        {isReader
          ? 'Not answered in time: the client was refunded'
          : `Not answered in time: ${formatCents(thread.priceCents)} refunded to your wallet`}
      </>
    );
  return <>Answered {when(thread.answeredAt!)}</>;
}

/** One question and its answer; the reader answers an open one here, the client rates an answered one. Nothing is editable once answered. */
function Thread({ thread, viewerId }: { thread: WrittenReading; viewerId: string }) {
  const queryClient = useQueryClient();
  const isReader = thread.readerId === viewerId;
  const other = isReader ? thread.clientName : thread.readerName;
  return (
    <li className="grid gap-3 py-5" data-testid="written-thread">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {isReader ? (
            `From ${other}`
          ) : (
            <>
              To{' '}
              <Link
                to={readerProfilePath(thread.readerUsername)}
                className="text-primary underline-offset-4 hover:underline"
              >
                {other}
              </Link>
            </>
          )}
          <span className="font-normal text-muted-foreground"> · {formatCents(thread.priceCents)}</span>
        </p>
        <Badge variant={thread.status === 'answered' ? 'default' : 'secondary'}>{STATUS_LABEL[thread.status]}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        Asked {when(thread.createdAt)} · <StatusLine thread={thread} isReader={isReader} />
      </p>
      <div className="-my-1 flex flex-wrap gap-1">
        {isReader ? (
          <ClientNotesButton clientId={thread.clientId} clientName={thread.clientName} className="-ml-3" />
        ) : null}
        <BlockButton
          userId={isReader ? thread.clientId : thread.readerId}
          name={other}
          theirRole={isReader ? 'client' : 'reader'}
          className={isReader ? undefined : '-ml-3'}
        />
      </div>
      <div className="rounded-md border border-border bg-muted/40 p-3">
        <p className="mb-1 text-xs font-semibold text-muted-foreground">{isReader ? 'Question' : 'Your question'}</p>
        <p className="whitespace-pre-line [overflow-wrap:anywhere]" data-testid="written-question">
          {thread.question}
        </p>
      </div>
      {thread.answer ? (
        <div className="rounded-md border border-primary/40 p-3">
          <p className="mb-1 text-xs font-semibold text-muted-foreground">
            {isReader ? 'Your answer' : `${thread.readerName} answered`}
          </p>
          <p className="whitespace-pre-line [overflow-wrap:anywhere]" data-testid="written-answer">
            {thread.answer}
          </p>
        </div>
      ) : null}
      {isReader && thread.status === 'pending' ? (
        <TextForm
          id={`answer-${thread.id}`}
          label="Your answer"
          hint={`${ANSWER_MIN_LENGTH} to ${formatCount(ANSWER_MAX_LENGTH)} characters; it cannot be changed once sent`}
          rule={answerWrittenReadingSchema.shape.answer}
          submitLabel="Send answer"
          pendingLabel="Sending…"
          rows={6}
          send={(answer) => answerWrittenReading({ id: thread.id, answer })}
          onSent={(sent) => {
            toast.success('Answer sent');
            if (sent.masked) toastContactDetailsRemoved('answer');
            void queryClient.invalidateQueries({ queryKey: writtenReadingKeys.all });
          }}
        />
      ) : null}
      {thread.rating !== null ? (
        <p className="flex items-center gap-2 text-sm">
          <WrittenStars rating={thread.rating} />
          {thread.review ? <span className="[overflow-wrap:anywhere]">“{thread.review}”</span> : null}
        </p>
      ) : !isReader && thread.ratableUntil ? (
        <RateAnswerForm thread={thread} />
      ) : null}
    </li>
  );
}

/**
 * The dashboards' Messages tab (decision 047): the signed-in user's written readings, as client and as
 * reader, newest first, each with its question and answer.
 */
export function MessagesTab({ viewerId, side }: { viewerId: string; side: 'client' | 'reader' }) {
  const query = useQuery(myWrittenReadingsQuery);
  const queryClient = useQueryClient();
  // A new question, an answer or a refund rings the bell: the open tab shows it at once too.
  useServerEvent(SERVER_EVENTS.notification, ({ kind }) => {
    if (!kind.startsWith('written_reading_')) return;
    void queryClient.invalidateQueries({ queryKey: writtenReadingKeys.all });
    // An answer or a refund empties part of the hold: the wallet's 'on hold' line follows.
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Messages</CardTitle>
        <CardDescription>
          {side === 'reader'
            ? 'Questions clients paid to ask you in writing. Answer before the time you promised; unanswered, the client is refunded.'
            : 'Questions you asked readers in writing, and their answers.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.data ? (
          query.data.writtenReadings.length === 0 ? (
            <p className="text-muted-foreground" data-testid="messages-empty">
              {side === 'reader' ? (
                'No questions yet. Clients can ask you by message once you set a price in Settings.'
              ) : (
                <>
                  No questions yet. Find a reader who answers by message in the{' '}
                  <Link to={paths.readers} className="text-primary underline">
                    directory
                  </Link>
                  .
                </>
              )}
            </p>
          ) : (
            <ul className="divide-y divide-border" aria-label="Written readings">
              {query.data.writtenReadings.map((thread) => (
                <Thread key={thread.id} thread={thread} viewerId={viewerId} />
              ))}
            </ul>
          )
        ) : query.isPending ? (
          <ListSkeleton label="Loading messages" />
        ) : (
          <LoadFailed query={query} message="We could not load your messages." />
        )}
      </CardContent>
    </Card>
  );
}

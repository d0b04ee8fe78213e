import { formatCount } from '@shared/count-format';
import { formatCents } from '@shared/money';
import type { Reader } from '@shared/readers';
import { ASK_BY_MESSAGE_LABEL, QUESTION_MAX_LENGTH, QUESTION_MIN_LENGTH } from '@shared/written-reading-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ContactDetailsNotice } from '@/components/contact-details-notice';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '@/lib/auth';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { loginPath, paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { askWrittenReading, onTimeQuery, writtenReadingKeys } from './api';

// The form (react-hook-form, its resolver and the question's rule with zod: ~46 KB gzip) loads for
// a signed-in viewer who can ask; a visitor sees 'Sign in to ask' and never fetches it (decision 007).
const QuestionForm = lazy(() => import('./question-form').then((module) => ({ default: module.QuestionForm })));

function OnTimeRate({ readerId }: { readerId: string }) {
  const { data } = useQuery(onTimeQuery(readerId));
  if (!data) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="on-time-rate">
      {data.onTimePercent === null
        ? 'No questions answered yet.'
        : `Answered on time: ${data.onTimePercent}% (${data.answeredOnTimeCount} of ${data.dueCount} ${data.dueCount === 1 ? 'question' : 'questions'}).`}
    </p>
  );
}

/**
 * 'Ask a question by message' on a reader's profile (decision 047), shown only while the reader takes
 * written questions: the price and the promised answer time, the on-time rate, and the form. The
 * price is held from the wallet when the question is sent and refunded in full if no answer comes.
 */
export function AskQuestionSection({ reader }: { reader: Reader }) {
  const titleId = useId();
  const { data: viewer } = useProfile();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // Once sent: whether contact details were taken out of the question, which the client is told beside it.
  const [sent, setSent] = useState<{ isMasked: boolean } | null>(null);
  // One key per question text: sending the same text again (after no answer came back) is the same ask.
  const attempt = useRef<{ key: string; question: string } | null>(null);
  const priceCents = reader.writtenReadingPriceCents;
  if (priceCents === null) return null;
  const isSelf = viewer?.id === reader.id;
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader className="flex-row items-center gap-2">
          <Mail className="size-5 text-gold" aria-hidden="true" />
          <h2 id={titleId} className="text-lg leading-tight font-semibold">
            {ASK_BY_MESSAGE_LABEL}
          </h2>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p>
            <span className="text-2xl font-semibold text-gold tabular-nums" data-testid="written-price">
              {formatCents(priceCents)}
            </span>{' '}
            <span className="text-muted-foreground">
              per question · answered within {reader.writtenReadingAnswerHours} hours
            </span>
          </p>
          <OnTimeRate readerId={reader.id} />
          <p className="text-sm text-muted-foreground">
            The price is held from your wallet when you send; with no answer in time, it comes back in full.
          </p>
          {viewer === null ? (
            <Button asChild variant="outline">
              <Link to={loginPath(pathname)}>Sign in to ask</Link>
            </Button>
          ) : isSelf || viewer === undefined ? null : sent ? (
            <div className="grid gap-2">
              <p className="text-sm font-semibold" role="status">
                Your question was sent. Follow it in your{' '}
                <Link to={paths.dashboardMessages} className="text-primary underline">
                  Messages
                </Link>
                .
              </p>
              {sent.isMasked ? <ContactDetailsNotice /> : null}
            </div>
          ) : (
            <Suspense fallback={<Skeleton className="h-40 w-full" />}>
              <QuestionForm
                id={`${titleId}-question`}
                label={`Your question for ${reader.firstName}`}
                hint={`${QUESTION_MIN_LENGTH} to ${formatCount(QUESTION_MAX_LENGTH)} characters`}
                submitLabel={`Ask for ${formatCents(priceCents)}`}
                pendingLabel="Sending…"
                send={(question) => {
                  if (attempt.current?.question !== question) attempt.current = { key: newIdempotencyKey(), question };
                  return askWrittenReading({ readerId: reader.id, question }, attempt.current.key);
                }}
                onSent={(asked) => {
                  attempt.current = null;
                  setSent({ isMasked: asked.masked });
                  toast.success('Question sent');
                  void queryClient.invalidateQueries({ queryKey: writtenReadingKeys.all });
                  void queryClient.invalidateQueries({ queryKey: ['wallet'] });
                  void queryClient.invalidateQueries({ queryKey: ['profile'] });
                }}
              />
            </Suspense>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

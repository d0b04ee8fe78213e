import type { SessionType } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { Reader } from '@shared/readers';
import type { ReadingSession } from '@shared/sessions';
import { ArrowLeft, MessageCircle, Phone, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OnlineDot, PersonAvatar } from '@/components/person-avatar';
import { ReaderRating } from '@/components/reader-rating';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { SESSION_TYPE_LABELS } from '@/lib/session-labels';

const TYPE_ICONS = { chat: MessageCircle, audio: Phone, video: Video } as const;

export const rateOf = (reader: Reader, type: SessionType) =>
  ({ chat: reader.chatRateCents, audio: reader.audioRateCents, video: reader.videoRateCents })[type];

export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-10">
      <Link
        to={paths.readers}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All readers
      </Link>
      {children}
    </div>
  );
}

export function ReaderSummary({ reader }: { reader: Reader }) {
  return (
    <div className="flex items-center gap-4">
      <div className="relative">
        <PersonAvatar name={reader.fullName} imageUrl={reader.profileImage} className="size-16 text-xl" />
        <OnlineDot isOnline={reader.isOnline} />
      </div>
      <div>
        <h1 className="text-2xl font-semibold">{reader.fullName}</h1>
        <p className="text-sm text-muted-foreground">
          <ReaderRating rating={reader.rating} totalReviews={reader.totalReviews} showReviewCount>
            <span>· {reader.isOnline ? 'Online' : 'Offline'}</span>
          </ReaderRating>
        </p>
      </div>
    </div>
  );
}

/** The request is out: the reader has `secondsLeft` to answer, and the client may cancel. */
export function WaitingForReader({
  reader,
  pending,
  secondsLeft,
  onCancel,
}: {
  reader: Reader;
  pending: ReadingSession;
  secondsLeft: number;
  onCancel: () => void;
}) {
  return (
    <PageFrame>
      <title>{`Waiting for ${reader.firstName} · Soul Tribe`}</title>
      <Card>
        <CardContent className="flex flex-col items-center gap-6 pt-6 text-center">
          <ReaderSummary reader={reader} />
          <Spinner className="size-10" label="Waiting for an answer" />
          <p className="text-lg font-semibold" role="status">
            Waiting for {reader.firstName} to accept…
          </p>
          <p className="text-sm text-muted-foreground">
            {SESSION_TYPE_LABELS[pending.sessionType]} reading at {formatCents(pending.ratePerMinuteCents)}/min ·{' '}
            <span className="tabular-nums">{secondsLeft} s</span> left to answer
          </p>
          <Button variant="outline" onClick={onCancel}>
            Cancel Request
          </Button>
        </CardContent>
      </Card>
    </PageFrame>
  );
}

/** Each kind of reading the reader offers, with its rate (the chosen one at the rate the client confirms). */
export function ReadingTypeChoice({
  reader,
  type,
  rateCents,
  onChoose,
}: {
  reader: Reader;
  type: SessionType;
  rateCents: number;
  onChoose: (type: SessionType) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold">Choose your reading</legend>
      <div className="grid grid-cols-3 gap-2" role="radiogroup" aria-label="Reading type">
        {reader.sessionTypes.map((option) => {
          const Icon = TYPE_ICONS[option];
          const isChosen = option === type;
          return (
            <label
              key={option}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-1 rounded-xl border p-3 text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-ring',
                isChosen ? 'border-pink bg-pink/10' : 'border-border hover:border-pink/50',
              )}
            >
              <input
                type="radio"
                name="reading-type"
                value={option}
                checked={isChosen}
                onChange={() => onChoose(option)}
                className="sr-only"
              />
              <Icon className="size-5 text-pink" aria-hidden="true" />
              <span className="font-semibold">{SESSION_TYPE_LABELS[option]}</span>
              <span className="text-gold">{formatCents(option === type ? rateCents : rateOf(reader, option))}/min</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** What a minute costs and how it is charged; a client's free minutes and balance. */
export function RateTerms({
  reader,
  rateCents,
  isClient,
  balanceCents,
  creditCents,
}: {
  reader: Reader;
  rateCents: number;
  isClient: boolean;
  balanceCents: number;
  creditCents: number;
}) {
  return (
    <div className="rounded-xl bg-muted/60 p-4 text-sm">
      <p>
        <span className="font-semibold" data-testid="confirm-rate">
          {formatCents(rateCents)} per minute
        </span>
        , charged at the start of each minute until one of you ends the reading. Not satisfied? Ask for a refund within
        the first 3 minutes.
      </p>
      {isClient && reader.freeMinutes > 0 ? (
        <p className="mt-2 font-semibold text-gold" data-testid="free-minutes-note">
          Your first {reader.freeMinutes} {reader.freeMinutes === 1 ? 'minute is' : 'minutes are'} free:{' '}
          {reader.firstName}'s gift to a first reading.
        </p>
      ) : null}
      {isClient ? (
        <p className="mt-2 text-muted-foreground">
          Your balance: {formatCents(balanceCents)}
          {creditCents > 0 ? ` and ${formatCents(creditCents)} of promotional credit, spent first` : null}
        </p>
      ) : null}
    </div>
  );
}

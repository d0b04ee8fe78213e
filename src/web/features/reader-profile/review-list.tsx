import { TZDate } from '@date-fns/tz';
import type { Review } from '@shared/reviews';
import { format, parseISO } from 'date-fns';
import { ReportButton } from '@/components/report-button';
import { useDisplayTimeZone } from '@/lib/use-display-time-zone';
import { ReviewStars } from './review-stars';
import { SESSION_TYPE_NAMES } from './session-type-names';

function ReviewItem({ review }: { review: Review }) {
  const { timeZone } = useDisplayTimeZone();
  const ratedOn = format(new TZDate(parseISO(review.ratedAt).getTime(), timeZone), 'MMMM d, yyyy');
  return (
    <li className="grid gap-2 py-4" data-testid="review">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <ReviewStars rating={review.rating} />
        <time dateTime={review.ratedAt} className="text-sm text-muted-foreground">
          {ratedOn}
        </time>
      </div>
      {review.text ? <p className="whitespace-pre-line [overflow-wrap:anywhere]">{review.text}</p> : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          <span className="font-semibold text-foreground">{review.authorName}</span> ·{' '}
          {SESSION_TYPE_NAMES[review.sessionType]}
        </p>
        {/* Only written words can break the guidelines; a review is reported by its live reading's id (written readings' reviews are not reportable yet). */}
        {review.text && review.sessionType !== 'written' ? (
          <ReportButton targetType="review" targetId={review.id} label={`Report review from ${ratedOn}`} />
        ) : null}
      </div>
    </li>
  );
}

export function ReviewList({ reviews }: { reviews: Review[] }) {
  return (
    <ul className="divide-y divide-border" aria-label="Reviews">
      {reviews.map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
    </ul>
  );
}

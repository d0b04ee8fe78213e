import { formatCount } from '@shared/count-format';
import type { ReaderReviews } from '@shared/reviews';
import { Star } from 'lucide-react';
import { counted } from '@/lib/counted';
import { ReviewStars } from './review-stars';

/** The average of the counted reviews and how many gave each number of stars, 5 first, as bars. */
export function ReviewSummary({
  average,
  total,
  distribution,
}: Pick<ReaderReviews, 'average' | 'total' | 'distribution'>) {
  return (
    <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-center">
      <div className="flex flex-col items-center gap-1 sm:px-4">
        <p className="text-5xl font-semibold text-gold" data-testid="reviews-average">
          {average?.toFixed(1)}
        </p>
        <ReviewStars rating={Math.round(average ?? 0)} />
        <p className="text-sm text-muted-foreground">{counted(total, 'review')}</p>
      </div>
      <ul className="grid gap-1.5" aria-label="Rating distribution">
        {distribution.map(({ stars, count }) => (
          <li
            key={stars}
            className="grid grid-cols-[2.5rem_1fr_2.5rem] items-center gap-2 text-sm"
            aria-label={`${counted(stars, 'star')}: ${counted(count, 'review')}`}
          >
            <span className="flex items-center gap-1 tabular-nums" aria-hidden="true">
              {stars}
              <Star className="size-3.5 fill-current text-gold" />
            </span>
            <span className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
              <span
                className="block h-full rounded-full bg-gold"
                style={{ width: `${total === 0 ? 0 : (count / total) * 100}%` }}
              />
            </span>
            <span
              className="text-right text-muted-foreground tabular-nums"
              aria-hidden="true"
              data-testid={`stars-${stars}-count`}
            >
              {formatCount(count)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { counted } from '@/lib/counted';

/**
 * A reader's star rating, one decimal, with how many reviews it rests on (`showReviewCount`) and
 * what follows (`children`).
 * A reader nobody has reviewed yet shows 'No reviews yet', not a 0.0 that reads as the worst score.
 */
export function ReaderRating({
  rating,
  totalReviews,
  showReviewCount = false,
  className,
  children,
}: {
  rating: number;
  totalReviews: number;
  showReviewCount?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-1', className)}>
      <Star className="size-4 fill-current text-gold" aria-hidden="true" />
      {totalReviews > 0 ? (
        <span className="font-semibold text-foreground">{rating.toFixed(1)}</span>
      ) : (
        <span className="text-muted-foreground">No reviews yet</span>
      )}
      {showReviewCount && totalReviews > 0 ? (
        <span className="text-muted-foreground">({counted(totalReviews, 'review')})</span>
      ) : null}
      {children}
    </span>
  );
}

import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

const POSITIONS = [1, 2, 3, 4, 5] as const;

/** A whole-star rating out of five, read out as one phrase. */
export function ReviewStars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={cn('flex gap-0.5 text-gold', className)} role="img" aria-label={`Rated ${rating} out of 5`}>
      {POSITIONS.map((position) => (
        <Star
          key={position}
          className="size-4"
          fill={position <= rating ? 'currentColor' : 'none'}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}

import { Star } from 'lucide-react';

const starPositions = [1, 2, 3, 4, 5] as const;

export function FiveStars({ rating }: { rating: number }) {
  return (
    <div className="flex gap-0.5 text-gold" role="img" aria-label={`Rated ${rating} out of 5`}>
      {starPositions.map((position) => (
        <Star
          key={position}
          className="size-4"
          fill={position <= rating ? 'currentColor' : 'none'}
          aria-hidden="true"
        />
      ))}
    </div>
  );
}

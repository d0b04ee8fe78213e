import { sessionRatingSchema } from '@shared/sessions';
import { useMutation } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toastContactDetailsRemoved } from '@/components/contact-details-notice';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { rateSession } from '../api';

const STARS = [1, 2, 3, 4, 5] as const;
const REVIEW_MAX_LENGTH = 1000;

/** The client rates a finished reading 1–5 with an optional review, at the end or later from the history. */
export function RatingForm({
  sessionId,
  readerName,
  onDone,
}: {
  sessionId: string;
  readerName: string;
  onDone: () => void;
}) {
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (input: { rating: number; review?: string }) => rateSession(sessionId, input),
    onSuccess: (rated) => {
      toast.success('Thank you for your rating');
      if (rated.masked) toastContactDetailsRemoved('review');
      onDone();
    },
    onError: (failure) => setError(failure instanceof ApiError ? failure.message : 'Failed to save your rating'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sessionRatingSchema.safeParse({ rating, review: review.trim() || undefined });
    if (!parsed.success) {
      setError('Choose from 1 to 5 stars');
      return;
    }
    setError(null);
    mutation.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} className="grid gap-3" aria-label="Rate your reading">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold">How was your reading with {readerName}?</legend>
        <div className="flex gap-1" role="radiogroup" aria-label="Rating">
          {STARS.map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-md p-1 text-gold has-focus-visible:outline-2 has-focus-visible:outline-ring"
            >
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="sr-only"
                aria-label={`${value} star${value > 1 ? 's' : ''}`}
              />
              <Star className={cn('size-7', value <= rating ? 'fill-current' : 'opacity-60')} aria-hidden="true" />
            </label>
          ))}
        </div>
      </fieldset>
      <Textarea
        value={review}
        onChange={(event) => setReview(event.target.value)}
        maxLength={REVIEW_MAX_LENGTH}
        placeholder="Share a few words about your reading (optional)"
        aria-label="Review"
        rows={3}
      />
      {error ? (
        <p role="alert" className="text-sm font-semibold text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending…' : 'Submit Rating'}
      </Button>
    </form>
  );
}

import type { WrittenReading } from '@shared/written-readings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { toastContactDetailsRemoved } from '@/components/contact-details-notice';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { rateWrittenReading, writtenReadingKeys } from './api';

export function WrittenStars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5 text-gold" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((value) => (
        <Star
          key={value}
          className={value <= rating ? 'size-4 fill-current' : 'size-4 opacity-40'}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}

/** Stars (and words, if any) for an answer, until its rating window closes; counted with the reader's reviews. */
export function RateAnswerForm({ thread }: { thread: WrittenReading }) {
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  const [error, setError] = useState<string | undefined>();
  const rate = useMutation({
    mutationFn: rateWrittenReading,
    onSuccess: (rated) => {
      toast.success('Thank you for your rating');
      if (rated.masked) toastContactDetailsRemoved('review');
      void queryClient.invalidateQueries({ queryKey: writtenReadingKeys.all });
    },
    onError: (failure) => setError(failure.message),
  });
  const id = `rate-${thread.id}`;
  return (
    <form
      className="grid gap-3 rounded-md border border-border p-3"
      aria-label="Rate this answer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (rating === 0) return setError('Choose 1 to 5 stars');
        setError(undefined);
        rate.mutate({ id: thread.id, rating, ...(review.trim() && { review: review.trim() }) });
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold">
          Rate this answer (until {format(parseISO(thread.ratableUntil!), 'MMM d')})
        </legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <button
              key={value}
              type="button"
              className="rounded p-1 text-gold focus-visible:outline-2 focus-visible:outline-ring"
              aria-label={`${value} ${value === 1 ? 'star' : 'stars'}`}
              aria-pressed={rating === value}
              onClick={() => setRating(value)}
            >
              <Star className={value <= rating ? 'size-6 fill-current' : 'size-6 opacity-50'} aria-hidden="true" />
            </button>
          ))}
        </div>
      </fieldset>
      <FormField id={id} label="Your words (optional)" error={error}>
        <Textarea
          id={id}
          rows={2}
          maxLength={1000}
          value={review}
          onChange={(event) => setReview(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </FormField>
      <div>
        <Button type="submit" size="sm" disabled={rate.isPending}>
          {rate.isPending ? 'Sending…' : 'Send rating'}
        </Button>
      </div>
    </form>
  );
}

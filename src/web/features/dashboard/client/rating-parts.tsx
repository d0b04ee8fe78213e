import type { ReadingSession } from '@shared/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { RatingForm } from '@/features/sessions';
import { clientHistoryKeys } from './history-api';

export function Stars({ rating }: { rating: number }) {
  return (
    <span
      className="inline-flex items-center gap-0.5 text-gold"
      role="img"
      aria-label={`Rated ${rating} out of 5`}
      data-testid="history-rating"
    >
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

/** Rating a reading later; the history, its details and the figures are fetched again after. */
export function RateDialog({ session, onClose }: { session: ReadingSession | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  return (
    <Dialog open={session !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rate this reading</DialogTitle>
          <DialogDescription>Your stars and words help other seekers find their reader.</DialogDescription>
        </DialogHeader>
        {session ? (
          <RatingForm
            sessionId={session.id}
            readerName={session.reader.name}
            onDone={() => {
              onClose();
              void queryClient.invalidateQueries({ queryKey: clientHistoryKeys.all });
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

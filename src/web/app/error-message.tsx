import { RefreshCw, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** What every failure shows instead of a blank page: what happened, and a way to try again. */
export function ErrorMessage({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
      <Sparkles className="size-12 text-gold" aria-hidden="true" />
      <h1 className="font-script text-5xl text-pink">The stars are misaligned</h1>
      <p className="text-muted-foreground">
        Something went wrong while showing this page. Your account and wallet are safe. Please try again in a moment.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try Again
        </Button>
        <Button variant="outline" asChild>
          <a href="/">Return Home</a>
        </Button>
      </div>
    </div>
  );
}

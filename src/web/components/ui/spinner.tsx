import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" data-loading className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={cn('size-6 motion-safe:animate-spin text-pink', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Fills the page area while something the whole page needs (the auth state, a page's code) loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="size-10" label={label} />
    </div>
  );
}

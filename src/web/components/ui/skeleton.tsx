import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** `data-loading` marks it for whoever waits for a page to finish loading (the accessibility scans). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      data-loading
      className={cn('motion-safe:animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}

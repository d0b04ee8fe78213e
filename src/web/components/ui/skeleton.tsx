import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('motion-safe:animate-pulse rounded-md bg-muted', className)} {...props} />;
}

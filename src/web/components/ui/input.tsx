import type { ComponentProps } from 'react';
import { useChangedBeforeHydration } from '@/lib/changed-before-hydration';
import { cn } from '@/lib/cn';

export function Input({ className, type = 'text', ref, ...props }: ComponentProps<'input'>) {
  return (
    <input
      ref={useChangedBeforeHydration({ value: props.value }, ref)}
      type={type}
      className={cn(
        'flex h-10 w-full rounded-lg border border-input bg-background/60 px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}

import { type ComponentProps, useCallback, useRef } from 'react';
import { useChangedBeforeHydration } from '@/lib/changed-before-hydration';
import { cn } from '@/lib/cn';
import { setRefs } from '@/lib/set-refs';

export function Input({ className, type = 'text', ref, ...props }: ComponentProps<'input'>) {
  const own = useRef<HTMLInputElement>(null);
  useChangedBeforeHydration(own, { value: props.value });
  return (
    <input
      ref={useCallback((node: HTMLInputElement | null) => setRefs(node, own, ref), [ref])}
      type={type}
      className={cn(
        'flex h-10 w-full rounded-lg border border-input bg-background/60 px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}

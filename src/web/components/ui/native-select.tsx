import type { ComponentProps } from 'react';
import { useChangedBeforeHydration } from '@/lib/changed-before-hydration';
import { cn } from '@/lib/cn';

export const selectClassName =
  'h-10 w-full rounded-lg border border-input bg-background/60 px-3 text-sm text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40';

/** The browser's own select, styled as the inputs; on a rendered page a choice made before hydration reaches onChange. */
export function NativeSelect({ className, ref, ...props }: ComponentProps<'select'>) {
  return (
    <select
      ref={useChangedBeforeHydration({ value: props.value }, ref)}
      className={cn(selectClassName, className)}
      {...props}
    />
  );
}

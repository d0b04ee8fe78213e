import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'border-border text-foreground',
        gold: 'border-gold/50 bg-gold/10 text-gold',
        pink: 'border-pink/50 bg-pink/10 text-pink',
        // White on the dark theme's #ef4444 is 3.76:1; the light theme's red (#b91c1c) is 6.5:1 in both.
        destructive: 'border-transparent bg-destructive text-destructive-foreground dark:bg-red-700',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}

import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A round picture over its initials. The picture is in the server's HTML and loads with the page; until
 * it has (or if it never does) the initials under it show. Every caller gives it alt="" (the name is
 * beside it), and Chromium, Firefox and Safari draw a broken picture with an empty alt as nothing.
 * Radix's Avatar did this with a script that rendered the picture only once loaded: ~1 KB of the
 * home page's scripts, and a picture that waited for hydration.
 */
export function Avatar({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full ring-2 ring-pink/40', className)}
      {...props}
    />
  );
}

export function AvatarImage({ className, alt = '', ...props }: ComponentProps<'img'>) {
  return (
    <img
      className={cn('absolute inset-0 aspect-square size-full object-cover', className)}
      alt={alt}
      decoding="async"
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'flex size-full items-center justify-center rounded-full bg-gradient-to-br from-primary to-violet-700 font-semibold text-white',
        className,
      )}
      {...props}
    />
  );
}

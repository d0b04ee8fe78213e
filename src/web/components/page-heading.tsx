import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The title block at the top of a page: a script heading, a short lead and optional actions. */
export function PageHeading({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 pt-12 pb-8 text-center sm:pt-16',
        className,
      )}
    >
      <h1 className="font-script text-5xl leading-tight text-pink sm:text-6xl">{title}</h1>
      {description ? <p className="text-lg text-muted-foreground">{description}</p> : null}
      {children}
    </div>
  );
}

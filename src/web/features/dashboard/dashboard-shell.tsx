import type { ReactNode } from 'react';
import { usePageMeta } from '@/lib/page-meta';

/**
 * The heading row every role's dashboard starts with; `actions` sit beside the title (the reader's
 * switch). The title also names the tab; `description` is the page's meta description.
 */
export function DashboardShell({
  title,
  subtitle,
  description,
  actions,
  children,
}: {
  title: string;
  subtitle: string;
  description: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  usePageMeta({ title, description });
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-script text-5xl text-pink sm:text-6xl">{title}</h1>
          <p className="mt-2 text-muted-foreground">{subtitle}</p>
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}

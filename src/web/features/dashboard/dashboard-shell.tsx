import type { ReactNode } from 'react';
import { usePageMeta } from '@/lib/page-meta';

/** The tab's title and description while a reading's receipt is open under a dashboard's sessions. */
export const READING_PAGE_META = {
  title: 'Reading receipt',
  description: 'A past reading on Soul Tribe: each billed minute, the total, any refund and its transcript.',
} as const;

/**
 * The heading row every role's dashboard starts with; `actions` sit beside the title (the reader's
 * switch). The title also names the tab and `description` is the page's meta description, unless
 * `meta` names a page inside the dashboard (a page's own effect would run before this one's).
 * Printed, only the tab's content is kept.
 */
export function DashboardShell({
  title,
  subtitle,
  description,
  actions,
  meta,
  children,
}: {
  title: string;
  subtitle: string;
  description: string;
  actions?: ReactNode;
  meta?: { title: string; description: string };
  children?: ReactNode;
}) {
  usePageMeta(meta ?? { title, description });
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between print:hidden">
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

import type { ReactNode } from 'react';

/** The heading row every role's dashboard starts with. */
export function DashboardShell({ title, subtitle, children }: { title: string; subtitle: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <title>{`${title} · Soul Tribe`}</title>
      <h1 className="font-script text-5xl text-pink sm:text-6xl">{title}</h1>
      <p className="mt-2 text-muted-foreground">{subtitle}</p>
      {children}
    </div>
  );
}

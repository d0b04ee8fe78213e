import type { ReactNode } from 'react';

/** One figure of a reading's summary, inside its `<dl>`. */
export function ReadingFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular-nums [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

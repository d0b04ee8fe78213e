import { formatCount } from '@shared/count-format';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** One figure of a dashboard (the reader's and the client's) with its title, icon and a line of context. */
export function StatCard({
  title,
  icon,
  value,
  detail,
  testId,
  children,
}: {
  title: string;
  icon: ReactNode;
  value: ReactNode;
  detail: ReactNode;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex-row items-start justify-between gap-2 p-4 pb-0 sm:p-6 sm:pb-0">
        <CardTitle className="text-sm font-semibold text-muted-foreground">{title}</CardTitle>
        <span className="shrink-0">{icon}</span>
      </CardHeader>
      <CardContent className="grid gap-1 p-4 pt-2 sm:p-6 sm:pt-2">
        <p
          className="text-xl font-bold text-gold tabular-nums [overflow-wrap:anywhere] sm:text-2xl"
          data-testid={testId}
        >
          {value}
        </p>
        <p className="text-xs text-muted-foreground">{detail}</p>
        {children}
      </CardContent>
    </Card>
  );
}

/** "1 session", "1,204 sessions". */
export const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;

import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** One figure of the client's dashboard with what it counts. */
export function StatCard({ title, icon, value, detail, testId }: { title: string; icon: ReactNode; value: ReactNode; detail: ReactNode; testId: string }) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex-row items-center justify-between gap-2 p-4 pb-0 sm:p-6 sm:pb-0">
        <CardTitle className="text-sm font-semibold text-muted-foreground">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent className="p-4 pt-2 sm:p-6 sm:pt-2">
        <p className="text-xl font-bold tabular-nums [overflow-wrap:anywhere] sm:text-2xl" data-testid={testId}>
          {value}
        </p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </CardContent>
    </Card>
  );
}

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LegalNote } from './legal-note';

/** The centred card shared by /login and /signup. */
export function AuthPageShell({
  title,
  subtitle,
  footer,
  children,
}: {
  title: string;
  subtitle: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-12 sm:py-16">
      <Card>
        <CardHeader className="items-center text-center">
          <h1 className="font-script text-5xl text-pink">{title}</h1>
          <p className="text-muted-foreground">{subtitle}</p>
        </CardHeader>
        <CardContent className="grid gap-5">
          {children}
          <p className="text-center text-sm text-muted-foreground">{footer}</p>
          <LegalNote />
        </CardContent>
      </Card>
    </div>
  );
}

import type { ReactNode } from 'react';

export function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h3 className="text-xl font-semibold text-gold">{title}</h3>
      <div className="grid gap-3 leading-relaxed text-muted-foreground [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-foreground [&_ul]:grid [&_ul]:gap-1.5">
        {children}
      </div>
    </section>
  );
}

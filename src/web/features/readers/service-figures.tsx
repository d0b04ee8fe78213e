import type { ReaderService } from '@shared/readers';
import { CheckCircle2, Hourglass, type LucideIcon, PenLine, Zap } from 'lucide-react';
import { cn } from '@/lib/cn';
import { type ServiceLineKind, serviceLines } from './service-lines';

const ICONS: Record<ServiceLineKind, LucideIcon> = {
  speed: Zap,
  acceptance: Hourglass,
  completion: CheckCircle2,
  writtenOnTime: PenLine,
};

/**
 * How the reader served in the last 90 days, in plain words (service-lines.ts); nothing at all while
 * every figure rests on too few readings. `kinds` keeps some lines only (a card has less room).
 */
export function ServiceFigures({
  service,
  kinds,
  className,
}: {
  service: ReaderService;
  kinds?: readonly ServiceLineKind[];
  className?: string;
}) {
  const lines = serviceLines(service).filter((line) => !kinds || kinds.includes(line.kind));
  if (lines.length === 0) return null;
  return (
    <ul
      className={cn('grid gap-1 text-sm text-muted-foreground', className)}
      aria-label="Service in the last 90 days"
      data-testid="service-figures"
    >
      {lines.map((line) => {
        const Icon = ICONS[line.kind];
        return (
          <li key={line.kind} className="flex items-start gap-1.5">
            <Icon className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
            <span>{line.text}</span>
          </li>
        );
      })}
    </ul>
  );
}

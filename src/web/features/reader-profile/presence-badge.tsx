import type { ReaderPresence } from '@shared/readers';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

export const PRESENCE_LABELS = { online: 'Online', busy: 'In a session', offline: 'Offline' } satisfies Record<
  ReaderPresence,
  string
>;

const PRESENCE_STYLES = {
  online: {
    badge: 'border-emerald-500/50 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
    dot: 'bg-emerald-500',
  },
  busy: { badge: 'border-gold/50 bg-gold/10 text-gold', dot: 'bg-gold' },
  offline: { badge: 'border-border text-muted-foreground', dot: 'bg-zinc-500' },
} satisfies Record<ReaderPresence, { badge: string; dot: string }>;

/** Whether the reader can take a reading now, in words and colour (the colour is never the only cue). */
export function PresenceBadge({ status, className }: { status: ReaderPresence; className?: string }) {
  return (
    <Badge
      variant="outline"
      className={cn('gap-1.5', PRESENCE_STYLES[status].badge, className)}
      data-testid="reader-status"
    >
      <span className={cn('size-2 rounded-full', PRESENCE_STYLES[status].dot)} aria-hidden="true" />
      {PRESENCE_LABELS[status]}
    </Badge>
  );
}

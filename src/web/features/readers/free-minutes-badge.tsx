import { Gift } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** '3 free min': the reader's gift to this viewer's first reading with them; nothing when none applies. */
export function FreeMinutesBadge({ minutes }: { minutes: number }) {
  if (minutes <= 0) return null;
  return (
    <Badge data-testid="free-minutes" aria-label={`First ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} free`}>
      <Gift className="size-3" aria-hidden="true" />
      {minutes} free min
    </Badge>
  );
}

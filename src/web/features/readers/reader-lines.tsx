import { Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

/** The reader's specialties as badges, with '+N more' when the caller shows only some. */
export function SpecialtyBadges({
  specialties,
  moreCount = 0,
}: {
  specialties: readonly string[];
  moreCount?: number;
}) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Specialties">
      {specialties.map((specialty) => (
        <li key={specialty}>
          <Badge variant="pink">{specialty}</Badge>
        </li>
      ))}
      {moreCount > 0 ? (
        <li>
          <Badge variant="outline">+{moreCount} more</Badge>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * 'Usually available …' in the viewer's time, or nothing for a reader without a schedule. Until the
 * viewer's time zone is known (a page rendered on the server, hydrating), the line keeps its place
 * unseen, so nothing moves when it shows.
 */
export function UsualHoursLine({
  usualHours,
  isTimeZoneKnown = true,
}: {
  usualHours: string | null;
  isTimeZoneKnown?: boolean;
}) {
  if (!usualHours) return null;
  return (
    <p
      className={cn('flex items-start gap-1.5 text-sm text-muted-foreground', !isTimeZoneKnown && 'invisible')}
      aria-hidden={isTimeZoneKnown ? undefined : true}
      data-testid="usual-availability"
    >
      <Clock className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
      <span>{usualHours} (your time)</span>
    </p>
  );
}

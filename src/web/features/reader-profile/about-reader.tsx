import type { Reader } from '@shared/readers';
import { useId } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { SpecialtyBadges, UsualHoursLine } from '@/features/readers';

/** The reader in their own words: the whole bio, every specialty and their usual hours. */
export function AboutReader({
  reader,
  usualHours,
  isTimeZoneKnown,
}: {
  reader: Reader;
  usualHours: string | null;
  isTimeZoneKnown: boolean;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <h2 id={titleId} className="text-lg leading-tight font-semibold">
            About {reader.firstName}
          </h2>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="whitespace-pre-line [overflow-wrap:anywhere]" data-testid="reader-bio">
            {reader.bio}
          </p>
          <SpecialtyBadges specialties={reader.specialties} />
          <UsualHoursLine usualHours={usualHours} isTimeZoneKnown={isTimeZoneKnown} />
        </CardContent>
      </Card>
    </section>
  );
}

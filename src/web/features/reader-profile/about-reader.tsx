import type { Reader } from '@shared/readers';
import { Clock } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

/** The reader in their own words: the whole bio, every specialty and their usual hours. */
export function AboutReader({ reader, usualHours }: { reader: Reader; usualHours: string | null }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <h2 id={titleId} className="text-lg leading-tight font-semibold">About {reader.firstName}</h2>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="whitespace-pre-line [overflow-wrap:anywhere]" data-testid="reader-bio">
            {reader.bio}
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-label="Specialties">
            {reader.specialties.map((specialty) => (
              <li key={specialty}>
                <Badge variant="pink">{specialty}</Badge>
              </li>
            ))}
          </ul>
          {usualHours ? (
            <p className="flex items-start gap-1.5 text-sm text-muted-foreground" data-testid="usual-availability">
              <Clock className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
              <span>{usualHours} (your time)</span>
            </p>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}

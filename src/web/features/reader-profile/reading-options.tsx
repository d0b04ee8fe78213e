import { formatCents } from '@shared/money';
import type { Reader } from '@shared/readers';
import { MessageCircle, Phone, Video } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { sessionRequestPath } from '@/lib/paths';

const OPTIONS = [
  { type: 'chat', label: 'Start Chat Reading', rateLabel: 'Chat', field: 'chatRateCents', icon: MessageCircle, variant: 'default' },
  { type: 'audio', label: 'Audio', rateLabel: 'Audio', field: 'audioRateCents', icon: Phone, variant: 'outline' },
  { type: 'video', label: 'Video', rateLabel: 'Video', field: 'videoRateCents', icon: Video, variant: 'outline' },
] as const;

/** Why the buttons are off, or null while the reader can take a reading. */
function unavailableReason(reader: Reader, usualHours: string | null): string | null {
  if (reader.status === 'busy') return `${reader.firstName} is in a session right now. Check back in a few minutes.`;
  if (reader.status === 'offline') return `${reader.firstName} is offline right now.${usualHours ? ` ${usualHours} (your time).` : ''}`;
  return null;
}

/** The three per-minute rates and a button for each kind of reading, off (with the reason) unless the reader is free. */
export function ReadingOptions({ reader, usualHours }: { reader: Reader; usualHours: string | null }) {
  const reasonId = useId();
  const reason = unavailableReason(reader, usualHours);
  return (
    <section aria-labelledby={`${reasonId}-title`}>
      <Card>
        <CardHeader>
          <h2 id={`${reasonId}-title`} className="text-lg leading-tight font-semibold">Start a reading</h2>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-3 gap-2 rounded-xl bg-muted/50 p-3 text-center" aria-label="Rates">
            {OPTIONS.map(({ type, rateLabel, field }) => (
              <div key={type}>
                <dt className="text-xs text-muted-foreground">{rateLabel}</dt>
                <dd className="font-semibold text-gold">{formatCents(reader[field])}/min</dd>
              </div>
            ))}
          </dl>
          <div className="grid grid-cols-2 gap-2">
            {OPTIONS.map(({ type, label, icon: Icon, variant }) => {
              const layout = type === 'chat' ? 'col-span-2' : undefined;
              return reason ? (
                <Button key={type} variant="secondary" disabled className={layout} aria-describedby={reasonId}>
                  <Icon aria-hidden="true" />
                  {label}
                </Button>
              ) : (
                <Button key={type} asChild variant={variant} className={layout}>
                  <Link to={sessionRequestPath(reader.id, type)} aria-label={`${label} with ${reader.fullName}`}>
                    <Icon aria-hidden="true" />
                    {label}
                  </Link>
                </Button>
              );
            })}
          </div>
          {reason ? (
            <p id={reasonId} className="text-sm text-muted-foreground" data-testid="unavailable-reason">
              {reason}
            </p>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}

import type { SessionType } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { Reader } from '@shared/readers';
import { MessageCircle, Pencil, Phone, Video } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { UpdateRatesDialog } from './update-rates-dialog';

const RATE_ROWS: {
  type: SessionType;
  label: string;
  icon: typeof MessageCircle;
  field: 'chatRateCents' | 'audioRateCents' | 'videoRateCents';
}[] = [
  { type: 'chat', label: 'Chat', icon: MessageCircle, field: 'chatRateCents' },
  { type: 'audio', label: 'Audio', icon: Phone, field: 'audioRateCents' },
  { type: 'video', label: 'Video', icon: Video, field: 'videoRateCents' },
];

export function ReaderRatesCard({ reader }: { reader: Reader }) {
  const [isEditing, setIsEditing] = useState(false);
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>Your Rates</CardTitle>
          <CardDescription>
            Per minute. New rates apply to new readings; a reading keeps the rate it started with.
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-3">
          {RATE_ROWS.map(({ type, label, icon: Icon, field }) => (
            // A <dl> group may hold only <dt> and <dd>: the icon sits inside the term, placed beside both.
            <div key={type} className="relative rounded-xl border border-border bg-muted/40 p-4 pl-12">
              <dt className="text-sm text-muted-foreground">
                <Icon className="absolute top-1/2 left-4 size-5 -translate-y-1/2 text-pink" aria-hidden="true" />
                {label}
              </dt>
              <dd className="text-xl font-semibold text-gold" data-testid={`rate-${type}`}>
                {formatCents(reader[field])}
                <span className="text-sm font-normal text-muted-foreground">/min</span>
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
      <UpdateRatesDialog reader={reader} open={isEditing} onOpenChange={setIsEditing} />
    </Card>
  );
}

import type { SessionType } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { Reader } from '@shared/readers';
import { Award, MessageCircle, Phone, Star, Video } from 'lucide-react';
import { Link } from 'react-router';
import { OnlineDot, PersonAvatar } from '@/components/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { sessionRequestPath } from '@/lib/paths';
import { FavoriteButton } from '../favorites/favorite-button';
import { shownSpecialties } from './directory-filter';

const RATES: { type: SessionType; label: string; field: 'chatRateCents' | 'audioRateCents' | 'videoRateCents' }[] = [
  { type: 'chat', label: 'Chat', field: 'chatRateCents' },
  { type: 'audio', label: 'Audio', field: 'audioRateCents' },
  { type: 'video', label: 'Video', field: 'videoRateCents' },
];

const ACTIONS = [
  { type: 'chat', label: 'Start Chat Reading', icon: MessageCircle, variant: 'default' },
  { type: 'audio', label: 'Audio', icon: Phone, variant: 'outline' },
  { type: 'video', label: 'Video', icon: Video, variant: 'outline' },
] as const;

export function ReaderCard({ reader }: { reader: Reader }) {
  const { shown, moreCount } = shownSpecialties(reader.specialties);
  return (
    <Card className="flex h-full flex-col" data-testid="reader-card" aria-labelledby={`reader-${reader.id}`}>
      <CardContent className="flex flex-1 flex-col gap-4 pt-6">
        <div className="flex items-center gap-4">
          <div className="relative">
            <PersonAvatar name={reader.fullName} imageUrl={reader.profileImage} className="size-16 text-xl" />
            <OnlineDot isOnline={reader.isOnline} />
          </div>
          <div className="min-w-0">
            <h2 id={`reader-${reader.id}`} className="truncate text-lg font-semibold">
              {reader.fullName}
            </h2>
            <p className="flex items-center gap-1 text-sm">
              <Star className="size-4 fill-current text-gold" aria-hidden="true" />
              <span className="font-semibold">{reader.rating.toFixed(1)}</span>
              <span className="text-muted-foreground">({reader.totalSessions.toLocaleString('en-US')} sessions)</span>
            </p>
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              <Award className="size-4" aria-hidden="true" />
              {reader.yearsExperience} {reader.yearsExperience === 1 ? 'year' : 'years'} experience
            </p>
          </div>
          <FavoriteButton reader={reader} className="-mt-2 -mr-2 ml-auto self-start" />
        </div>
        <p className="line-clamp-3 text-sm text-muted-foreground">{reader.bio}</p>
        <ul className="flex flex-wrap gap-1.5" aria-label="Specialties">
          {shown.map((specialty) => (
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
        <dl className="mt-auto grid grid-cols-3 gap-2 rounded-xl bg-muted/50 p-3 text-center">
          {RATES.map(({ type, label, field }) => (
            <div key={type}>
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="font-semibold text-gold">{formatCents(reader[field])}/min</dd>
            </div>
          ))}
        </dl>
      </CardContent>
      <CardFooter className="grid grid-cols-2 gap-2">
        {ACTIONS.map(({ type, label, icon: Icon, variant }) => {
          const layout = type === 'chat' ? 'col-span-2' : undefined;
          return reader.isOnline ? (
            <Button key={type} asChild variant={variant} className={layout}>
              <Link to={sessionRequestPath(reader.id, type)} aria-label={`${label} with ${reader.fullName}`}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </Button>
          ) : (
            // An offline reader cannot take a reading: the buttons stay, plainly disabled.
            <Button key={type} variant="secondary" disabled className={layout}>
              <Icon aria-hidden="true" />
              {label}
            </Button>
          );
        })}
      </CardFooter>
    </Card>
  );
}

import type { Reader } from '@shared/readers';
import { Award } from 'lucide-react';
import { Link } from 'react-router';
import { OnlineDot, PersonAvatar } from '@/components/person-avatar';
import { ReaderRating } from '@/components/reader-rating';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { FavoriteButton } from '@/features/favorites';
import { counted } from '@/lib/counted';
import { usePageNow } from '@/lib/page-now';
import { readerProfilePath } from '@/lib/paths';
import { useDisplayTimeZone } from '@/lib/use-display-time-zone';
import { describeUsualAvailability } from '@/lib/usual-availability';
import { AutomatedReaderNote } from './automated-reader-note';
import { shownSpecialties } from './directory-filter';
import { FreeMinutesBadge } from './free-minutes-badge';
import { SpecialtyBadges, UsualHoursLine } from './reader-lines';
import { ReaderRates } from './reader-rates';
import { ReadingActions } from './reading-actions';
import { ServiceFigures } from './service-figures';

/** What a seeker needs to know before pressing a button: can this reader take a reading now? */
function PresenceBadge({ status }: { status: Reader['status'] }) {
  if (status === 'busy') return <Badge variant="gold">In a session</Badge>;
  if (status === 'offline') return <Badge variant="secondary">Offline</Badge>;
  return (
    <Badge className="border-emerald-500/50 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300">Online</Badge>
  );
}

/** A card has room for two lines of service: how fast and how reliably; the profile says the rest. */
const CARD_SERVICE_LINES = ['speed', 'completion'] as const;

export function ReaderCard({ reader }: { reader: Reader }) {
  const { shown, moreCount } = shownSpecialties(reader.specialties);
  const { timeZone, isViewers } = useDisplayTimeZone();
  const usualHours = describeUsualAvailability(reader.schedule, timeZone, usePageNow());
  return (
    // The name is the card's one link, stretched over the whole card; the heart and the reading
    // buttons sit above it (z-10), so nothing interactive is nested in another.
    <Card
      className="relative flex h-full flex-col transition-colors hover:border-pink/60 has-[[data-card-link]:focus-visible]:outline-2 has-[[data-card-link]:focus-visible]:outline-ring"
      data-testid="reader-card"
      data-status={reader.status}
      aria-labelledby={`reader-${reader.id}`}
    >
      <CardContent className="flex flex-1 flex-col gap-4 pt-6">
        <div className="flex items-center gap-4">
          <div className="relative shrink-0">
            <PersonAvatar name={reader.fullName} imageUrl={reader.profileImage} className="size-16 text-xl" />
            <OnlineDot isOnline={reader.isOnline} />
          </div>
          <div className="min-w-0 flex-1">
            <h2 id={`reader-${reader.id}`} className="truncate text-lg font-semibold">
              <Link
                to={readerProfilePath(reader.username)}
                data-card-link
                className="after:absolute after:inset-0 after:rounded-[inherit] after:content-[''] hover:text-pink focus-visible:outline-none"
              >
                {reader.fullName}
              </Link>
            </h2>
            <p className="text-sm">
              <ReaderRating rating={reader.rating} totalReviews={reader.totalReviews}>
                <span className="text-muted-foreground">({counted(reader.totalSessions, 'session')})</span>
              </ReaderRating>
            </p>
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              <Award className="size-4 shrink-0" aria-hidden="true" />
              {reader.yearsExperience} {reader.yearsExperience === 1 ? 'year' : 'years'} experience
            </p>
          </div>
          <FavoriteButton reader={reader} className="relative z-10 -mt-2 -mr-2 self-start" />
        </div>
        <div className="flex flex-wrap gap-2">
          <PresenceBadge status={reader.status} />
          <FreeMinutesBadge minutes={reader.freeMinutes} />
        </div>
        {reader.repliesAutomated ? <AutomatedReaderNote /> : null}
        <p className="line-clamp-3 text-sm text-muted-foreground">{reader.bio}</p>
        <UsualHoursLine usualHours={usualHours} isTimeZoneKnown={isViewers} />
        <ServiceFigures service={reader.service} kinds={CARD_SERVICE_LINES} />
        <SpecialtyBadges specialties={shown} moreCount={moreCount} />
        <ReaderRates reader={reader} className="mt-auto" />
      </CardContent>
      <CardFooter className="relative z-10 grid grid-cols-2 gap-2">
        <ReadingActions reader={reader} />
      </CardFooter>
    </Card>
  );
}

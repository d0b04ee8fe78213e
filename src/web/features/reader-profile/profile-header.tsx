import type { Reader } from '@shared/readers';
import { Award, MessageCircle } from 'lucide-react';
import { PersonAvatar } from '@/components/person-avatar';
import { ReaderRating } from '@/components/reader-rating';
import { Card, CardContent } from '@/components/ui/card';
import { FavoriteButton } from '@/features/favorites';
import { FollowButton } from '@/features/notifications';
import { ServiceFigures } from '@/features/readers';
import { counted } from '@/lib/counted';
import { PresenceBadge } from './presence-badge';

/** Who the reader is at a glance: photo, name, status, rating, experience, how they serve, the heart and Follow. */
export function ProfileHeader({ reader }: { reader: Reader }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-5 pt-6 text-center sm:flex-row sm:items-start sm:text-left">
        <PersonAvatar name={reader.fullName} imageUrl={reader.profileImage} className="size-28 text-3xl sm:size-32" />
        <div className="flex min-w-0 flex-1 flex-col items-center gap-2 sm:items-start">
          <div className="flex w-full items-start justify-center gap-2 sm:justify-between">
            <div className="min-w-0">
              <h1 className="font-script text-4xl leading-tight text-pink [overflow-wrap:anywhere] sm:text-5xl">
                {reader.fullName}
              </h1>
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">@{reader.username}</p>
            </div>
            <FavoriteButton reader={reader} className="-mr-2" />
          </div>
          <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-2 sm:justify-start">
            <PresenceBadge status={reader.status} />
            <FollowButton readerId={reader.id} />
          </div>
          <ul className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-sm sm:justify-start">
            <li data-testid="reader-rating">
              <ReaderRating rating={reader.rating} totalReviews={reader.totalReviews} showReviewCount />
            </li>
            <li className="flex items-center gap-1 text-muted-foreground">
              <Award className="size-4" aria-hidden="true" />
              {counted(reader.yearsExperience, 'year')} experience
            </li>
            <li className="flex items-center gap-1 text-muted-foreground">
              <MessageCircle className="size-4" aria-hidden="true" />
              {counted(reader.totalSessions, 'reading')}
            </li>
          </ul>
          <ServiceFigures service={reader.service} className="justify-items-center sm:justify-items-start" />
        </div>
      </CardContent>
    </Card>
  );
}

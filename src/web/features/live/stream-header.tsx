import type { LiveStream } from '@shared/live';
import { Eye, X } from 'lucide-react';
import { Link } from 'react-router';
import { PersonAvatar } from '@/components/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { FollowButton } from './follow-button';
import { countOf } from './stream-time';

/** Who is streaming and what: avatar, name, LIVE, title, specialties, viewers, Follow and close. */
export function StreamHeader({
  stream,
  viewerCount,
  isEnded,
  canFollow,
}: {
  stream: LiveStream;
  viewerCount: number;
  isEnded: boolean;
  canFollow: boolean;
}) {
  const isLive = stream.status === 'live' && !isEnded;
  return (
    <header className="flex items-start gap-3 sm:gap-4">
      <PersonAvatar
        name={stream.reader.fullName}
        imageUrl={stream.reader.profileImage}
        className="size-12 shrink-0 sm:size-14"
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="truncate font-semibold">{stream.reader.fullName}</p>
          {isLive ? (
            <Badge variant="destructive">
              <span className="size-1.5 rounded-full bg-current motion-safe:animate-pulse" aria-hidden="true" />
              LIVE
            </Badge>
          ) : null}
          {isLive ? (
            <span
              className="flex items-center gap-1 text-sm text-muted-foreground"
              data-testid="viewer-count"
              aria-live="polite"
            >
              <Eye className="size-4" aria-hidden="true" />
              {countOf(viewerCount, 'viewer')}
            </span>
          ) : null}
        </div>
        <h1 className="text-xl font-semibold leading-snug [overflow-wrap:anywhere] sm:text-2xl">{stream.title}</h1>
        {stream.reader.specialties.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Specialties">
            {stream.reader.specialties.slice(0, 3).map((specialty) => (
              <li key={specialty}>
                <Badge variant="outline">{specialty}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        {canFollow ? (
          <div className="mt-1">
            <FollowButton stream={stream} />
          </div>
        ) : null}
      </div>
      <Button asChild variant="ghost" size="icon" className="shrink-0">
        <Link to={paths.dashboard} aria-label="Close stream">
          <X aria-hidden="true" />
        </Link>
      </Button>
    </header>
  );
}

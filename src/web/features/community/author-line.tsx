import type { CommunityPost } from '@shared/community';
import { PersonAvatar } from '@/components/person-avatar';
import { Badge } from '@/components/ui/badge';
import { formatRelativeDate } from '@/lib/relative-date';
import { useDisplayTimeZone } from '@/lib/use-display-time-zone';

/** Who wrote a post or reply and when; readers are marked, since their word carries weight here. */
export function AuthorLine({
  author,
  createdAt,
  now,
  size = 'md',
}: {
  author: CommunityPost['author'];
  createdAt: string;
  now: Date;
  size?: 'sm' | 'md';
}) {
  const { timeZone, locale, isViewers } = useDisplayTimeZone();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <PersonAvatar name={author.name} imageUrl={author.image} className={size === 'sm' ? 'size-8' : 'size-10'} />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 font-semibold">
          <span className="truncate">{author.name}</span>
          {author.isReader ? <Badge variant="gold">Reader</Badge> : null}
        </p>
        {/* In the viewer's calendar and words once known; while a page rendered on the server hydrates, as the server wrote it (UTC, en-US). */}
        <time
          dateTime={createdAt}
          title={isViewers ? new Date(createdAt).toLocaleString() : undefined}
          className="text-sm text-muted-foreground"
        >
          {formatRelativeDate(createdAt, now, locale, timeZone)}
        </time>
      </div>
    </div>
  );
}

import type { LiveStream } from '@shared/live';
import { Heart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useToggleFollow } from './api';
import { countOf } from './stream-time';

/** Follow the stream's reader (a notification each time they go live), with the follower count. */
export function FollowButton({ stream }: { stream: LiveStream }) {
  const toggle = useToggleFollow(stream.id);
  const isFollowing = stream.viewerFollowsReader;
  return (
    <Button
      variant={isFollowing ? 'secondary' : 'outline'}
      size="sm"
      aria-pressed={isFollowing}
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { readerId: stream.reader.id, following: !isFollowing },
          {
            onError: (error) =>
              toast.error(isFollowing ? 'Could not unfollow' : 'Could not follow', { description: error.message }),
          },
        )
      }
    >
      <Heart className={cn(isFollowing && 'fill-current text-pink')} aria-hidden="true" />
      {isFollowing ? 'Following' : 'Follow'}
      <span className="font-normal text-muted-foreground" data-testid="follower-count">
        · {countOf(stream.reader.followerCount, 'follower')}
      </span>
    </Button>
  );
}

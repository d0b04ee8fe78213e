import { formatCount } from '@shared/count-format';
import type { FollowState } from '@shared/follows';
import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useProfile } from '@/lib/auth';
import { useFollow } from './use-follow';

const followers = (count: number) => `${formatCount(count)} ${count === 1 ? 'follower' : 'followers'}`;

/**
 * Follow a reader to hear when they go live. Signed-in users only (a visitor has nothing to be
 * notified on), and never on the reader's own page.
 */
export function FollowButton({ readerId, initial }: { readerId: string; initial?: FollowState }) {
  const { data: profile } = useProfile();
  const canFollow = Boolean(profile) && profile?.id !== readerId;
  const follow = useFollow(readerId, { initial, enabled: canFollow });
  if (!canFollow) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        size="sm"
        variant={follow.following ? 'outline' : 'default'}
        aria-pressed={follow.following}
        disabled={follow.isLoading}
        onClick={follow.toggle}
      >
        {follow.following ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        {follow.following ? 'Following' : 'Follow'}
      </Button>
      {follow.isLoading ? null : (
        <span className="text-sm text-muted-foreground" data-testid="follower-count">
          {followers(follow.followerCount)}
        </span>
      )}
    </div>
  );
}

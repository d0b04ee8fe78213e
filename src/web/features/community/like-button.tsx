import { formatCount } from '@shared/count-format';
import type { CommunityPost } from '@shared/community';
import { Heart } from 'lucide-react';
import { type MouseEvent, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useProfile } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useToggleLike } from './api';
import { useSignInPrompt } from './sign-in-prompt';

/**
 * One like per user, toggled. A double click is one toggle: its second click (the event's `detail`
 * counts the clicks of one gesture) is ignored, whether or not the first one's answer is back (on
 * a busy machine it came back first, and the second click unliked again); a ref holds the toggle in
 * flight against separate clicks that arrive before React has re-rendered the button as disabled.
 */
export function LikeButton({ post }: { post: CommunityPost }) {
  const profile = useProfile();
  const askToSignIn = useSignInPrompt();
  const like = useToggleLike(post.id);
  const isInFlight = useRef(false);
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.detail > 1) return;
    if (!profile.data) return askToSignIn('Sign in to like discussions.');
    if (isInFlight.current) return;
    isInFlight.current = true;
    like.mutate(undefined, {
      onError: (error) => toast.error(error.message),
      onSettled: () => {
        isInFlight.current = false;
      },
    });
  };
  return (
    <Button
      variant="outline"
      size="sm"
      aria-pressed={post.viewerLiked}
      disabled={like.isPending}
      onClick={press}
      className={cn(post.viewerLiked && 'border-pink bg-pink/15 text-pink')}
    >
      <Heart className={cn(post.viewerLiked && 'fill-current')} aria-hidden="true" />
      Like
      <span className="tabular-nums" data-testid="like-count">
        {formatCount(post.likeCount)}
      </span>
    </Button>
  );
}

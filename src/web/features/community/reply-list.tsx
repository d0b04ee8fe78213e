import type { CommunityReply } from '@shared/community';
import { Ban, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { ReportButton } from '@/components/report-button';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useModerateReply } from './api';
import { AuthorLine } from './author-line';
import { ModerationNotice } from './moderation';
import { type ModerationAsk, ModerationDialogs } from './moderation-dialogs';
import { HiddenBadge } from './post-badges';
import { PostText } from './post-text';

/** Admins hide a reply (with the reason its author reads), show it again, or remove it for good. */
function ReplyModeration({ postId, reply }: { postId: string; reply: CommunityReply }) {
  const { hide, remove } = useModerateReply(postId, reply.id);
  const [asking, setAsking] = useState<ModerationAsk>(null);
  const showAgain = () =>
    hide.mutate(
      { isHidden: false },
      { onSuccess: () => toast.success('Reply visible again'), onError: (error) => toast.error(error.message) },
    );
  const by = `reply by ${reply.author.name}`;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`${reply.isHidden ? 'Show' : 'Hide'} ${by}`}
        disabled={hide.isPending}
        onClick={reply.isHidden ? showAgain : () => setAsking('hide')}
      >
        <EyeOff aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{reply.isHidden ? 'Show' : 'Hide'}</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive"
        aria-label={`Remove ${by}`}
        onClick={() => setAsking('remove')}
      >
        <Ban aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Remove</span>
      </Button>
      <ModerationDialogs
        asking={asking}
        onAskingChange={setAsking}
        noun="Reply"
        hideDescription="Only its author and the moderators will see it, with your reason."
        removeDescription="It leaves the thread for good. Its author still sees it, with your reason."
        onHide={async (reason) => {
          await hide.mutateAsync({ isHidden: true, reason });
          toast.success('Reply hidden');
        }}
        onRemove={async (reason) => {
          await remove.mutateAsync(reason);
          toast.success('Reply removed');
        }}
      />
    </>
  );
}

/** A thread's replies, oldest first. A reply's links wait a day from its own posting, as a post's do. */
export function ReplyList({
  postId,
  replies,
  now,
  isAdmin,
}: {
  postId: string;
  replies: CommunityReply[];
  now: Date;
  isAdmin: boolean;
}) {
  if (replies.length === 0)
    return <p className="py-6 text-center text-muted-foreground">No replies yet. Start the conversation!</p>;
  return (
    <ol className="divide-y divide-border" aria-label="Replies">
      {replies.map((reply) => (
        <li key={reply.id} className="grid gap-3 py-5" data-testid="reply">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <AuthorLine author={reply.author} createdAt={reply.createdAt} now={now} size="sm" />
            <div className="flex items-center gap-2">
              {reply.isHidden ? <HiddenBadge /> : null}
              <ReportButton
                targetType="reply"
                targetId={reply.id}
                authorId={reply.author.id}
                label={`Report reply by ${reply.author.name}`}
              />
              {isAdmin && reply.moderation?.action !== 'removed' ? (
                <ReplyModeration postId={postId} reply={reply} />
              ) : null}
            </div>
          </div>
          <ModerationNotice moderation={reply.moderation} />
          <PostText text={reply.content} postCreatedAt={reply.createdAt} now={now} />
        </li>
      ))}
    </ol>
  );
}

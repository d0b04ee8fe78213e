import type { CommunityReply } from '@shared/community';
import { ReportButton } from '@/components/report-button';
import { AuthorLine } from './author-line';
import { HiddenBadge } from './post-badges';
import { PostText } from './post-text';

/** A thread's replies, oldest first. A reply's links wait a day from its own posting, as a post's do. */
export function ReplyList({ replies, now }: { replies: CommunityReply[]; now: Date }) {
  if (replies.length === 0) return <p className="py-6 text-center text-muted-foreground">No replies yet. Start the conversation!</p>;
  return (
    <ol className="divide-y divide-border" aria-label="Replies">
      {replies.map((reply) => (
        <li key={reply.id} className="grid gap-3 py-5" data-testid="reply">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <AuthorLine author={reply.author} createdAt={reply.createdAt} now={now} size="sm" />
            <div className="flex items-center gap-2">
              {reply.isHidden ? <HiddenBadge /> : null}
              <ReportButton targetType="reply" targetId={reply.id} authorId={reply.author.id} label={`Report reply by ${reply.author.name}`} />
            </div>
          </div>
          <PostText text={reply.content} postCreatedAt={reply.createdAt} now={now} />
        </li>
      ))}
    </ol>
  );
}

import { formatCount } from '@shared/count-format';
import type { CommunityPost } from '@shared/community';
import { communityPostPath } from '@shared/community-rules';
import { Eye, Heart, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { AuthorLine } from './author-line';
import { PostBadges, TagList } from './post-badges';

export function PostCounts({ post }: { post: Pick<CommunityPost, 'replyCount' | 'viewCount' | 'likeCount'> }) {
  const counts = [
    { Icon: MessageCircle, count: post.replyCount, label: post.replyCount === 1 ? 'reply' : 'replies' },
    { Icon: Eye, count: post.viewCount, label: post.viewCount === 1 ? 'view' : 'views' },
    { Icon: Heart, count: post.likeCount, label: post.likeCount === 1 ? 'like' : 'likes' },
  ];
  return (
    <ul className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground tabular-nums" aria-label="Activity">
      {counts.map(({ Icon, count, label }) => (
        <li key={label} className="flex items-center gap-1.5">
          <Icon className="size-4" aria-hidden="true" />
          {formatCount(count)} <span className="sr-only sm:not-sr-only">{label}</span>
        </li>
      ))}
    </ul>
  );
}

export function PostCard({ post, now }: { post: CommunityPost; now: Date }) {
  const titleId = `post-${post.id}-title`;
  return (
    <article aria-labelledby={titleId} data-testid="post-card">
      <Card className={post.isPinned || post.isFeatured ? 'border-pink/40' : undefined}>
        <CardContent className="grid gap-4 pt-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <AuthorLine author={post.author} createdAt={post.createdAt} now={now} />
            <PostBadges post={post} />
          </div>
          <div className="grid gap-2">
            <h2 id={titleId} className="text-xl leading-snug font-semibold [overflow-wrap:anywhere]">
              {post.title}
            </h2>
            <p className="line-clamp-3 whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">
              {post.content}
            </p>
          </div>
          <TagList tags={post.tags} />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
            <PostCounts post={post} />
            <Button asChild variant="outline" size="sm">
              <Link to={communityPostPath(post.id)} aria-label={`Join Discussion: ${post.title}`}>
                Join Discussion
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </article>
  );
}

import { formatCount } from '@shared/count-format';
import type { CommunityPost } from '@shared/community';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/components/list-states';
import { ReportButton } from '@/components/report-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useProfile } from '@/lib/auth';
import { usePageMeta } from '@/lib/page-meta';
import { usePageNow } from '@/lib/page-now';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { threadQuery, useUpdatePost } from './api';
import { AuthorLine } from './author-line';
import { LikeButton } from './like-button';
import { ModerationNotice } from './moderation';
import { PostBadges, TagList } from './post-badges';
import { PostCounts } from './post-card';
import { PostEditor } from './post-editor';
import { postFormValues } from './post-form';
import { PostManage } from './post-manage';
import { PostText } from './post-text';
import { ReplyBox } from './reply-form';
import { ReplyList } from './reply-list';

function BackLink() {
  return (
    <Link
      to={paths.community}
      className="inline-flex items-center gap-2 text-sm font-semibold text-pink underline-offset-4 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Community
    </Link>
  );
}

function NotFound() {
  return (
    <div className="grid justify-items-center gap-4 py-16 text-center">
      <h1 className="font-script text-5xl text-pink">Discussion not found</h1>
      <p className="text-muted-foreground">It may have been deleted, or the link is not quite right.</p>
      <Button asChild variant="outline">
        <Link to={paths.community}>Back to Community</Link>
      </Button>
    </div>
  );
}

function PostEdit({ post, onDone }: { post: CommunityPost; onDone: () => void }) {
  const update = useUpdatePost(post.id);
  return (
    <PostEditor
      idPrefix="edit-post"
      label="Edit discussion"
      defaultValues={postFormValues(post)}
      submitLabel="Save Changes"
      pendingLabel="Saving…"
      onCancel={onDone}
      onSave={async (input) => {
        const saved = await update.mutateAsync(input);
        toast.success('Discussion updated');
        onDone();
        return saved;
      }}
    />
  );
}

function PostView({
  post,
  now,
  isAdmin,
  onEdit,
}: {
  post: CommunityPost;
  now: Date;
  isAdmin: boolean;
  onEdit: () => void;
}) {
  return (
    <>
      <CardHeader className="gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <AuthorLine author={post.author} createdAt={post.createdAt} now={now} />
          <PostBadges post={post} />
        </div>
        <h1 className="text-2xl leading-snug font-semibold [overflow-wrap:anywhere] sm:text-3xl">{post.title}</h1>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ModerationNotice moderation={post.moderation} />
        <PostText text={post.content} postCreatedAt={post.createdAt} now={now} className="text-base leading-relaxed" />
        <TagList tags={post.tags} />
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
          <PostCounts post={post} />
          <div className="flex flex-wrap items-center gap-2">
            <LikeButton post={post} />
            <ReportButton targetType="post" targetId={post.id} authorId={post.author.id} label="Report discussion" />
          </div>
        </div>
        <PostManage post={post} isAdmin={isAdmin} onEdit={onEdit} />
      </CardContent>
    </>
  );
}

function ThreadSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading discussion">
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-40" />
      <Skeleton className="h-24" />
    </div>
  );
}

export function ThreadPage() {
  const { id = '' } = useParams();
  const thread = useQuery(threadQuery(id));
  const profile = useProfile();
  const [isEditing, setIsEditing] = useState(false);
  const post = thread.data?.post;
  usePageMeta({
    title: post?.title ?? 'Discussion',
    description: post ? post.content.slice(0, 160) : 'A discussion in the Soul Tribe Community.',
  });
  const now = usePageNow();
  const isNotFound = thread.error instanceof ApiError && thread.error.status === 404;

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
      {isNotFound ? null : <BackLink />}
      {thread.isPending ? (
        <ThreadSkeleton />
      ) : isNotFound ? (
        <NotFound />
      ) : !thread.data ? (
        <LoadFailed query={thread} message="We could not load this discussion." />
      ) : (
        <>
          <Card>
            {isEditing && thread.data.post.viewerCanEdit ? (
              <CardContent className="grid gap-4 pt-6">
                <h1 className="text-xl font-semibold">Edit discussion</h1>
                <PostEdit post={thread.data.post} onDone={() => setIsEditing(false)} />
              </CardContent>
            ) : (
              <PostView
                post={thread.data.post}
                now={now}
                isAdmin={profile.data?.role === 'admin'}
                onEdit={() => setIsEditing(true)}
              />
            )}
          </Card>
          <Card>
            <CardHeader>
              <h2 className="text-lg font-semibold">
                {thread.data.post.replyCount === 1 ? '1 reply' : `${formatCount(thread.data.post.replyCount)} replies`}
              </h2>
            </CardHeader>
            <CardContent className="grid gap-4">
              <ReplyList
                postId={thread.data.post.id}
                replies={thread.data.replies}
                now={now}
                isAdmin={profile.data?.role === 'admin'}
              />
              <ReplyBox postId={thread.data.post.id} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}

import type { CommunityPost } from '@shared/community';
import { Ban, EyeOff, Pencil, Pin, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useDeletePost, useModeratePost, useRemovePost } from './api';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { type ModerationAsk, ModerationDialogs } from './moderation-dialogs';

const TOGGLE_DONE = {
  isPinned: ['Pinned to the top', 'Unpinned'],
  isFeatured: ['Featured', 'No longer featured'],
} as const;

/**
 * Admins' Pin and Feature (toggles showing the post's state), Hide (asks the reason its author
 * will read; pressed again, shows it) and Remove (for good, with a reason). Never Edit: a moderator
 * does not change someone else's words.
 */
function ModerationButtons({ post, canRemove }: { post: CommunityPost; canRemove: boolean }) {
  const navigate = useNavigate();
  const moderate = useModeratePost(post.id);
  const remove = useRemovePost(post.id);
  const [asking, setAsking] = useState<ModerationAsk>(null);
  const onError = (error: Error) => toast.error(error.message);
  const toggle = (flag: keyof typeof TOGGLE_DONE) => {
    const value = !post[flag];
    moderate.mutate({ [flag]: value }, { onSuccess: () => toast.success(TOGGLE_DONE[flag][value ? 0 : 1]), onError });
  };
  const hideOrShow = () => {
    if (post.isHidden)
      moderate.mutate({ isHidden: false }, { onSuccess: () => toast.success('Visible again'), onError });
    else setAsking('hide');
  };
  const buttons = [
    { flag: 'isPinned', label: 'Pin', Icon: Pin, onClick: () => toggle('isPinned') },
    { flag: 'isFeatured', label: 'Feature', Icon: Sparkles, onClick: () => toggle('isFeatured') },
    { flag: 'isHidden', label: 'Hide', Icon: EyeOff, onClick: hideOrShow },
  ] as const;
  return (
    <>
      {buttons.map(({ flag, label, Icon, onClick }) => (
        <Button
          key={flag}
          variant="ghost"
          size="sm"
          aria-pressed={post[flag]}
          disabled={moderate.isPending}
          onClick={onClick}
          className="aria-pressed:text-pink"
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
      ))}
      {canRemove ? (
        <Button variant="ghost" size="sm" className="text-destructive" onClick={() => setAsking('remove')}>
          <Ban aria-hidden="true" />
          Remove
        </Button>
      ) : null}
      <ModerationDialogs
        asking={asking}
        onAskingChange={setAsking}
        noun="Discussion"
        hideDescription="Only its author and the moderators will see it, with your reason. You can show it again later."
        removeDescription="It leaves the community for good. Its author still sees it, with your reason."
        onHide={async (reason) => {
          await moderate.mutateAsync({ isHidden: true, reason });
          toast.success('Hidden from the community');
        }}
        onRemove={async (reason) => {
          await remove.mutateAsync(reason);
          toast.success('Discussion removed');
          void navigate(paths.community);
        }}
      />
    </>
  );
}

/**
 * The author's Edit and Delete (within 24 hours; the server says via viewerCanEdit), and admins'
 * moderation of other people's posts.
 */
export function PostManage({ post, isAdmin, onEdit }: { post: CommunityPost; isAdmin: boolean; onEdit: () => void }) {
  const navigate = useNavigate();
  const remove = useDeletePost(post.id);
  const [isConfirming, setIsConfirming] = useState(false);
  if (!post.viewerCanEdit && !isAdmin) return null;

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setIsConfirming(false);
        toast.success('Discussion deleted');
        void navigate(paths.community);
      },
      onError: (error) => {
        setIsConfirming(false);
        toast.error(error.message);
      },
    });

  return (
    <fieldset className="flex flex-wrap items-center gap-1">
      <legend className="sr-only">Manage discussion</legend>
      {post.viewerCanEdit ? (
        <>
          <Button variant="ghost" size="sm" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button variant="ghost" size="sm" className="text-destructive" onClick={() => setIsConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
          <ConfirmDeleteDialog
            open={isConfirming}
            onOpenChange={setIsConfirming}
            isPending={remove.isPending}
            onConfirm={confirmDelete}
          />
        </>
      ) : null}
      {isAdmin ? <ModerationButtons post={post} canRemove={!post.viewerCanEdit} /> : null}
    </fieldset>
  );
}

import type { CommunityPost } from '@shared/community';
import { EyeOff, Pencil, Pin, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { type ModerationChange, useDeletePost, useModeratePost } from './api';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

const MODERATION_DONE: Record<keyof ModerationChange, [on: string, off: string]> = {
  isPinned: ['Pinned to the top', 'Unpinned'],
  isFeatured: ['Featured', 'No longer featured'],
  isHidden: ['Hidden from the community', 'Visible again'],
};

/** Admins' Pin, Feature and Hide: each a toggle showing the post's current state. */
function ModerationButtons({ post }: { post: CommunityPost }) {
  const moderate = useModeratePost(post.id);
  const toggle = (flag: keyof ModerationChange) => {
    const value = !post[flag];
    moderate.mutate({ [flag]: value }, { onSuccess: () => toast.success(MODERATION_DONE[flag][value ? 0 : 1]), onError: (error) => toast.error(error.message) });
  };
  const buttons = [
    { flag: 'isPinned', label: 'Pin', Icon: Pin },
    { flag: 'isFeatured', label: 'Feature', Icon: Sparkles },
    { flag: 'isHidden', label: 'Hide', Icon: EyeOff },
  ] as const;
  return buttons.map(({ flag, label, Icon }) => (
    <Button key={flag} variant="ghost" size="sm" aria-pressed={post[flag]} disabled={moderate.isPending} onClick={() => toggle(flag)} className="aria-pressed:text-pink">
      <Icon aria-hidden="true" />
      {label}
    </Button>
  ));
}

/** The author's Edit and Delete (within 24 hours; the server says via viewerCanEdit), and admins' moderation. */
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
        <Button variant="ghost" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      ) : null}
      {isAdmin ? <ModerationButtons post={post} /> : null}
      <Button variant="ghost" size="sm" className="text-destructive" onClick={() => setIsConfirming(true)}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <ConfirmDeleteDialog open={isConfirming} onOpenChange={setIsConfirming} isPending={remove.isPending} onConfirm={confirmDelete} />
    </fieldset>
  );
}

import type { Moderation } from '@shared/community';
import { ShieldAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';

/** What a moderator did, for its author (and admins): the one place they learn why it is gone. */
export function ModerationNotice({ moderation }: { moderation: Moderation }) {
  if (!moderation) return null;
  const what =
    moderation.action === 'removed'
      ? 'Removed by a moderator. Only you can see it.'
      : 'Hidden by a moderator. Only you and the moderators can see it.';
  return (
    <Alert className="bg-destructive/5">
      <ShieldAlert aria-hidden="true" />
      <p>
        <span className="font-semibold">{what}</span>
        {moderation.reason ? <span className="block [overflow-wrap:anywhere]">Reason: {moderation.reason}</span> : null}
      </p>
    </Alert>
  );
}

import { ReasonDialog } from '@/components/reason-dialog';

export type ModerationAsk = 'hide' | 'remove' | null;

interface ModerationDialogsProps {
  /** Which dialog is open; the buttons that open them belong to the caller. */
  asking: ModerationAsk;
  onAskingChange: (asking: ModerationAsk) => void;
  /** 'Discussion' or 'Reply': the titles and buttons name it. */
  noun: string;
  hideDescription: string;
  removeDescription: string;
  onHide: (reason: string) => Promise<void>;
  onRemove: (reason: string) => Promise<void>;
}

/** The two reasons a moderator gives, for a discussion or a reply: hiding it, or removing it for good. */
export function ModerationDialogs({
  asking,
  onAskingChange,
  noun,
  hideDescription,
  removeDescription,
  onHide,
  onRemove,
}: ModerationDialogsProps) {
  const dialogs = [
    { action: 'hide', verb: 'Hide', description: hideDescription, onConfirm: onHide },
    { action: 'remove', verb: 'Remove', description: removeDescription, onConfirm: onRemove },
  ] as const;
  return dialogs.map(({ action, verb, description, onConfirm }) => (
    <ReasonDialog
      key={action}
      open={asking === action}
      onOpenChange={(open) => onAskingChange(open ? action : null)}
      title={`${verb} this ${noun.toLowerCase()}?`}
      description={description}
      confirmLabel={`${verb} ${noun}`}
      onConfirm={onConfirm}
    />
  ));
}

import { Ban } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useProfile } from '@/lib/auth';
import { cn } from '@/lib/cn';

// The dialog, its form and the blocks API (react-hook-form, zod) load the first time someone opens
// it: the button also sits on a reader's public profile, which ships without them (decision 007).
const BlockDialog = lazy(() => import('./block-dialog').then((module) => ({ default: module.BlockDialog })));

/** A client blocks a reader and a reader a client (decision 068); an admin has other tools. */
const BLOCKS_WHOM: Record<string, 'client' | 'reader'> = { client: 'reader', reader: 'client' };

/**
 * 'Block' beside a person (a request, a reading, a message, a client list, a profile): asks first,
 * with an optional private reason. Shown only to a signed-in client or reader.
 */
export function BlockButton({
  userId,
  name,
  theirRole,
  variant = 'ghost',
  size = 'sm',
  isLabelHidden = false,
  className,
  onBlocked,
}: {
  userId: string;
  name: string;
  /** What the person to block is: a client sees Block only beside a reader, a reader beside a client. */
  theirRole: 'client' | 'reader';
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  /** The word 'Block' only for screen readers (an icon button in a tight row). */
  isLabelHidden?: boolean;
  className?: string;
  onBlocked?: () => void;
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so it closes with its animation.
  const [wasOpened, setWasOpened] = useState(false);
  const { data: profile } = useProfile();
  if (!profile || profile.id === userId || BLOCKS_WHOM[profile.role] !== theirRole) return null;
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={cn('text-muted-foreground', className)}
        aria-label={`Block ${name}`}
        title={isLabelHidden ? `Block ${name}` : undefined}
        aria-haspopup="dialog"
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      >
        <Ban aria-hidden="true" />
        <span className={isLabelHidden ? 'sr-only' : undefined}>Block</span>
      </Button>
      {wasOpened ? (
        <Suspense fallback={null}>
          <BlockDialog open={open} onOpenChange={setOpen} userId={userId} name={name} onBlocked={onBlocked} />
        </Suspense>
      ) : null}
    </>
  );
}

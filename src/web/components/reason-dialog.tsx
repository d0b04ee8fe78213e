import { lazy, Suspense, useState } from 'react';
import type { ReasonDialogProps } from './reason-dialog-body';

const ReasonDialogBody = lazy(() =>
  import('./reason-dialog-body').then((module) => ({ default: module.ReasonDialogBody })),
);

/**
 * Hiding or removing someone else's words (a post, a reply, a product) asks why: the reason is kept
 * and shown to the author. Only moderators ever open it, so the dialog and its form (react-hook-form,
 * the dialog's scroll lock: ~28 KB gzip) load the first time it opens, not with every shop or
 * community page (decision 007); once loaded it stays mounted, so it closes with its animation.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const [wasOpened, setWasOpened] = useState(props.open);
  if (props.open && !wasOpened) setWasOpened(true);
  if (!wasOpened) return null;
  return (
    <Suspense fallback={null}>
      <ReasonDialogBody {...props} />
    </Suspense>
  );
}

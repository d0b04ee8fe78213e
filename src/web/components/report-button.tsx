import type { ReportableContentType } from '@shared/reports';
import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useProfile } from '@/lib/auth';
import { cn } from '@/lib/cn';

export { REPORT_THANKS } from './report-api';

// The dialog and its form (react-hook-form, the dialog's scroll lock: ~28 KB gzip) load the first
// time someone reports, not with every page that lists reviews, posts or chat (decision 007).
const ReportDialog = lazy(() => import('./report-dialog').then((module) => ({ default: module.ReportDialog })));

/**
 * 'Report' on a post, reply, review or live chat message: a reason goes to the admins' queue.
 * Shown only to signed-in users, and not on their own content (`authorId`, when it is known).
 */
export function ReportButton({
  targetType,
  targetId,
  authorId = null,
  label,
  className,
}: {
  targetType: ReportableContentType;
  targetId: string;
  authorId?: string | null;
  /** The accessible name, saying what is reported ('Report reply by Luna'). */
  label: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so it closes with its animation.
  const [wasOpened, setWasOpened] = useState(false);
  const profile = useProfile();
  if (!profile.data || profile.data.id === authorId) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={cn('text-muted-foreground', className)}
        aria-label={label}
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Report</span>
      </Button>
      {wasOpened ? (
        <Suspense fallback={null}>
          <ReportDialog open={open} onOpenChange={setOpen} targetType={targetType} targetId={targetId} />
        </Suspense>
      ) : null}
    </>
  );
}

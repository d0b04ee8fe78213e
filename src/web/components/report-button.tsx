import { zodResolver } from '@hookform/resolvers/zod';
import { createReportSchema, REPORT_REASON_MAX, type ReportTargetType } from '@shared/reports';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { useProfile } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useCreateReport } from './report-api';

export const REPORT_THANKS = 'Thanks — our team reviews reports within 24 hours.';

const reasonSchema = createReportSchema.pick({ reason: true });
type ReasonInput = { reason: string };

function ReportForm({ targetType, targetId, onDone }: { targetType: ReportTargetType; targetId: string; onDone: () => void }) {
  const report = useCreateReport();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReasonInput>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const error = errors.reason?.message;

  const submit = ({ reason }: ReasonInput) => {
    setFormError(null);
    report.mutate(
      { targetType, targetId, reason },
      {
        onSuccess: () => {
          toast.success(REPORT_THANKS);
          onDone();
        },
        onError: (failure) => {
          const reasonError = failure instanceof ApiError ? failure.fields?.reason : undefined;
          if (reasonError) setError('reason', { message: reasonError });
          else if (failure instanceof ApiError && failure.status === 409) setFormError('You have already reported this. Our team will review it within 24 hours.');
          else setFormError(failure.message);
        },
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={handleSubmit(submit)} aria-label="Report" noValidate>
      <FormField id="report-reason" label="What is wrong with it?" error={error}>
        <Textarea rows={4} maxLength={REPORT_REASON_MAX} placeholder="Spam, harassment, a scam…" {...fieldAria('report-reason', error)} {...register('reason')} />
      </FormField>
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {formError ? 'Close' : 'Cancel'}
        </Button>
        <Button type="submit" variant="destructive" disabled={report.isPending}>
          {report.isPending ? 'Sending…' : 'Send Report'}
        </Button>
      </DialogFooter>
    </form>
  );
}

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
  targetType: ReportTargetType;
  targetId: string;
  authorId?: string | null;
  /** The accessible name, saying what is reported ('Report reply by Luna'). */
  label: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const profile = useProfile();
  if (!profile.data || profile.data.id === authorId) return null;
  return (
    <>
      <Button variant="ghost" size="sm" className={cn('text-muted-foreground', className)} aria-label={label} onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Report</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Report</DialogTitle>
            <DialogDescription>Tell our team what breaks the Community Guidelines. The author is not told who reported it.</DialogDescription>
          </DialogHeader>
          {/* A fresh form on each opening. */}
          {open ? <ReportForm targetType={targetType} targetId={targetId} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

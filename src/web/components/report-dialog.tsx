import { zodResolver } from '@hookform/resolvers/zod';
import { createReportSchema, REPORT_REASON_MAX, type ReportableContentType } from '@shared/reports';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { REPORT_THANKS, useCreateReport } from './report-api';

const reasonSchema = createReportSchema.pick({ reason: true });
type ReasonInput = { reason: string };

function ReportForm({
  targetType,
  targetId,
  onDone,
}: {
  targetType: ReportableContentType;
  targetId: string;
  onDone: () => void;
}) {
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
          else if (failure instanceof ApiError && failure.status === 409)
            setFormError('You have already reported this. Our team will review it within 24 hours.');
          else setFormError(failure.message);
        },
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={handleSubmit(submit)} aria-label="Report" noValidate>
      <FormField id="report-reason" label="What is wrong with it?" error={error}>
        <Textarea
          rows={4}
          maxLength={REPORT_REASON_MAX}
          placeholder="Spam, harassment, a scam…"
          {...fieldAria('report-reason', error)}
          {...register('reason')}
        />
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

export interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targetType: ReportableContentType;
  targetId: string;
}

/** The report's dialog and form (report-button.tsx loads it when first opened). */
export function ReportDialog({ open, onOpenChange, targetType, targetId }: ReportDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report</DialogTitle>
          <DialogDescription>
            Tell our team what breaks the Community Guidelines. The author is not told who reported it.
          </DialogDescription>
        </DialogHeader>
        {/* A fresh form on each opening. */}
        {open ? <ReportForm targetType={targetType} targetId={targetId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

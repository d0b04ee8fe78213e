import { zodResolver } from '@hookform/resolvers/zod';
import { MODERATION_REASON_MAX, moderationReasonFormSchema } from '@shared/moderation';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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

type ReasonInput = { reason: string };

function ReasonForm({
  confirmLabel,
  onConfirm,
  onDone,
}: {
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReasonInput>({ resolver: zodResolver(moderationReasonFormSchema), defaultValues: { reason: '' } });
  const error = errors.reason?.message;

  const submit = async ({ reason }: ReasonInput) => {
    setFormError(null);
    try {
      await onConfirm(reason);
      onDone();
    } catch (failure) {
      const reasonError = failure instanceof ApiError ? failure.fields?.reason : undefined;
      if (reasonError) setError('reason', { message: reasonError });
      else setFormError(failure instanceof Error ? failure.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <form className="grid gap-4" onSubmit={handleSubmit(submit)} aria-label="Moderation reason" noValidate>
      <FormField id={`${id}-reason`} label="Reason (the author sees it)" error={error}>
        <Textarea
          rows={3}
          maxLength={MODERATION_REASON_MAX}
          placeholder="Which guideline it breaks…"
          {...fieldAria(`${id}-reason`, error)}
          {...register('reason')}
        />
      </FormField>
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={isSubmitting}>
          {confirmLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<unknown>;
}

/** The dialog itself, with its form (reason-dialog.tsx loads it when first opened). */
export function ReasonDialogBody({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
}: ReasonDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {/* A fresh form on each opening. */}
        {open ? (
          <ReasonForm confirmLabel={confirmLabel} onConfirm={onConfirm} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

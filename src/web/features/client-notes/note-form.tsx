import { formatCount } from '@shared/count-format';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ClientNoteInput, clientNoteInputSchema, NOTE_MAX_CHARS } from '@shared/client-notes';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';

type NoteOutput = { text: string };

/**
 * A note's text, with its count against the 2,000 allowed. Any refusal shows beside the field: the
 * server's message for the text, or its reason for refusing the note.
 */
export function NoteForm({
  id,
  label,
  initialText = '',
  submitLabel,
  pendingLabel,
  isPending,
  save,
  onCancel,
  rows = 3,
}: {
  id: string;
  label: string;
  initialText?: string;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  save: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  rows?: number;
}) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ClientNoteInput, unknown, NoteOutput>({
    resolver: zodResolver(clientNoteInputSchema),
    defaultValues: { text: initialText },
  });
  const error = errors.text?.message;
  const length = (watch('text') ?? '').length;
  const isBusy = isPending || isSubmitting;

  const submit = async ({ text }: NoteOutput) => {
    try {
      await save(text);
      if (!onCancel) reset({ text: '' });
    } catch (failure) {
      const message =
        failure instanceof ApiError
          ? (failure.fields?.text ?? failure.message)
          : 'We could not save the note. Please try again.';
      setError('text', { message });
    }
  };

  return (
    <form className="grid gap-2" onSubmit={handleSubmit(submit)} noValidate>
      <FormField id={id} label={label} error={error}>
        <Textarea
          rows={rows}
          placeholder="What to remember next time"
          {...fieldAria(id, error, 'count')}
          {...register('text')}
        />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          id={`${id}-hint`}
          className={cn(
            'text-xs tabular-nums',
            length > NOTE_MAX_CHARS ? 'font-semibold text-destructive' : 'text-muted-foreground',
          )}
        >
          {formatCount(length)} / {formatCount(NOTE_MAX_CHARS)}
        </p>
        <div className="flex gap-2">
          {onCancel ? (
            <Button variant="ghost" size="sm" onClick={onCancel} disabled={isBusy}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={isBusy}>
            {isBusy ? pendingLabel : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}

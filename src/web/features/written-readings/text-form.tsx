import { formatCount } from '@shared/count-format';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '@shared/zod-config';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';

/**
 * One text to send (a question, an answer), checked by the server's own rule before it is sent;
 * the server's message (a field message, or the whole error) shows beside the field.
 */
export interface TextFormProps<T> {
  id: string;
  label: string;
  hint: string;
  rule: z.ZodType<string, string>;
  submitLabel: string;
  pendingLabel: string;
  send: (text: string) => Promise<T>;
  onSent: (result: T) => void;
  rows?: number;
}

export function TextForm<T>({
  id,
  label,
  hint,
  rule,
  submitLabel,
  pendingLabel,
  send,
  onSent,
  rows = 5,
}: TextFormProps<T>) {
  const schema = z.object({ text: rule });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<{ text: string }>({ resolver: zodResolver(schema), defaultValues: { text: '' } });
  const mutation = useMutation({
    mutationFn: (text: string) => send(text),
    onSuccess: (result) => {
      reset();
      onSent(result);
    },
    onError: (error) => {
      const fieldMessage = error instanceof ApiError ? Object.values(error.fields ?? {})[0] : undefined;
      setError('text', { message: fieldMessage ?? error.message });
    },
  });
  const error = errors.text?.message;
  const length = watch('text').trim().length;
  return (
    <form className="grid gap-3" noValidate onSubmit={handleSubmit(({ text }) => mutation.mutate(text))}>
      <FormField id={id} label={label} error={error} hint={`${hint} (${formatCount(length)} characters)`}>
        <Textarea rows={rows} {...fieldAria(id, error, 'hint')} {...register('text')} />
      </FormField>
      <div>
        <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-fit">
          {mutation.isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

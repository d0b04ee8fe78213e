import type { Reader } from '@shared/readers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldPath, FieldValues, UseFormReset, UseFormSetError } from 'react-hook-form';
import { toastContactDetailsRemoved } from '@/components/contact-details-notice';
import { showFieldErrors } from '@/lib/field-errors';
import { toast } from '@/lib/toast';
import { myReaderQuery, updateMyReader } from './reader-api';

/**
 * Saves a Settings form of the reader's own profile (PATCH /api/readers/me): the answer becomes the
 * dashboard's reader and the form's new starting point, the directory is read again, and the
 * server's field messages go beside the form's fields.
 */
export function useSaveMyReader<F extends FieldValues>(form: {
  reset: UseFormReset<F>;
  setError: UseFormSetError<F>;
  toForm: (reader: Reader) => F;
  toField: (key: string) => FieldPath<F> | null;
  savedMessage: (reader: Reader) => string;
  failedMessage: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyReader,
    onSuccess: (updated) => {
      queryClient.setQueryData<Reader>(myReaderQuery.queryKey, updated);
      form.reset(form.toForm(updated));
      void queryClient.invalidateQueries({ queryKey: ['readers'] });
      toast.success(form.savedMessage(updated));
      if (updated.masked) toastContactDetailsRemoved('bio');
    },
    onError: (error) => {
      showFieldErrors(error, form.toField, form.setError);
      toast.error(form.failedMessage, { description: error.message });
    },
  });
}

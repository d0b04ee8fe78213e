import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminReader } from '@shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { adminQueryKeys, updateReader } from './admin-api';
import {
  type EditReaderFormField,
  type EditReaderFormInput,
  type EditReaderFormOutput,
  editReaderFormSchema,
  toEditFormFieldErrors,
  toEditReaderForm,
  toUpdateReaderInput,
} from './edit-reader-form';
import { type BoundField, ReaderProfileFields } from './reader-profile-fields';

/**
 * The form lives inside the dialog's content, which is mounted on each opening: every edit starts
 * from the reader as listed then, and a list refresh while typing leaves the inputs alone.
 */
function EditReaderForm({ reader, onClose }: { reader: AdminReader; onClose: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditReaderFormInput, unknown, EditReaderFormOutput>({
    resolver: zodResolver(editReaderFormSchema),
    defaultValues: toEditReaderForm(reader),
  });

  const save = useMutation({
    mutationFn: (values: EditReaderFormOutput) => updateReader(reader.id, toUpdateReaderInput(values)),
    onSuccess: (updated) => {
      toast.success(`${updated.fullName} updated`);
      onClose();
      // The name shows in Users, Sessions and Analytics too.
      return queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        for (const [index, [field, message]] of toEditFormFieldErrors(error.fields).entries())
          setError(field, { message }, { shouldFocus: index === 0 });
      }
      toast.error('Failed to update reader', { description: error.message });
    },
  });

  const bind = (name: EditReaderFormField): BoundField => ({
    id: `edit-reader-${reader.id}-${name}`,
    error: errors[name]?.message,
    registration: register(name),
  });

  return (
    <form
      className="grid gap-4"
      onSubmit={handleSubmit((values) => save.mutate(values))}
      aria-label="Edit reader"
      noValidate
    >
      <ReaderProfileFields bind={bind} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The admin edits a reader's profile and rates; the account's email and password stay as they are. */
export function EditReaderDialog({
  reader,
  open,
  onOpenChange,
}: {
  reader: AdminReader;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Reader</DialogTitle>
          <DialogDescription>
            {reader.fullName}'s profile and rates. New rates apply to new readings; one in progress keeps its rate.
          </DialogDescription>
        </DialogHeader>
        <EditReaderForm reader={reader} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

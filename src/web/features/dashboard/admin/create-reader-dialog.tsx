import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { adminQueryKeys, createReader } from './admin-api';
import {
  type CreateReaderFormField,
  type CreateReaderFormInput,
  type CreateReaderFormOutput,
  createReaderFormSchema,
  emptyCreateReaderForm,
  toCreateReaderInput,
  toFormFieldErrors,
} from './create-reader-form';
import { type BoundField, BoundInput, ReaderProfileFields } from './reader-profile-fields';

/** The admin's 'Create Reader' button and dialog (SPEC.md §5): a new reader account, ready to sign in. */
export function CreateReaderDialog() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateReaderFormInput, unknown, CreateReaderFormOutput>({
    resolver: zodResolver(createReaderFormSchema),
    defaultValues: emptyCreateReaderForm,
  });

  const create = useMutation({
    mutationFn: (values: CreateReaderFormOutput) => createReader(toCreateReaderInput(values)),
    onSuccess: () => {
      toast.success('Reader account created successfully');
      reset(emptyCreateReaderForm);
      setOpen(false);
      return queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        for (const [index, [field, message]] of toFormFieldErrors(error.fields).entries())
          setError(field, { message }, { shouldFocus: index === 0 });
      }
      toast.error('Failed to create reader account', { description: error.message });
    },
  });

  const bind = (name: CreateReaderFormField): BoundField => ({
    id: `create-reader-${name}`,
    error: errors[name]?.message,
    registration: register(name),
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Create Reader
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create Reader</DialogTitle>
          <DialogDescription>A reader account that can sign in at once with this email and password.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={handleSubmit((values) => create.mutate(values))}
          aria-label="Create reader"
          noValidate
        >
          <ReaderProfileFields
            bind={bind}
            account={
              <>
                <BoundInput field={bind('email')} label="Email" type="email" autoComplete="off" />
                <BoundInput field={bind('password')} label="Password" type="password" autoComplete="new-password" />
              </>
            }
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Reader'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { RATE_MAX_CENTS, RATE_MIN_CENTS } from '@shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
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

const RATE_FIELDS = [
  { name: 'chatRate', label: 'Chat rate ($/min)' },
  { name: 'audioRate', label: 'Audio rate ($/min)' },
  { name: 'videoRate', label: 'Video rate ($/min)' },
] as const;

const rateMin = (RATE_MIN_CENTS / 100).toFixed(2);
const rateMax = (RATE_MAX_CENTS / 100).toFixed(2);

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
        const fieldErrors = Object.entries(toFormFieldErrors(error.fields)) as [CreateReaderFormField, string][];
        for (const [index, [field, message]] of fieldErrors.entries()) setError(field, { message }, { shouldFocus: index === 0 });
      }
      toast.error('Failed to create reader account', { description: error.message });
    },
  });

  const field = (name: CreateReaderFormField) => {
    const id = `create-reader-${name}`;
    const error = errors[name]?.message;
    return { id, error, aria: fieldAria(id, error) };
  };

  const text = (name: CreateReaderFormField, label: string, props: ComponentProps<typeof Input> = {}) => {
    const { id, error, aria } = field(name);
    return (
      <FormField id={id} label={label} error={error}>
        <Input {...props} {...aria} {...register(name)} />
      </FormField>
    );
  };

  const bio = field('bio');

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
        <form className="grid gap-4" onSubmit={handleSubmit((values) => create.mutate(values))} aria-label="Create reader" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('email', 'Email', { type: 'email', autoComplete: 'off' })}
            {text('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
            {text('firstName', 'First name', { autoComplete: 'off' })}
            {text('lastName', 'Last name', { autoComplete: 'off' })}
            {text('username', 'Username', { placeholder: 'Unique username', autoComplete: 'off', autoCapitalize: 'none' })}
            {text('yearsExperience', 'Years of experience', { type: 'number', inputMode: 'numeric', min: 0, step: 1 })}
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            {RATE_FIELDS.map(({ name, label }) => (
              <div key={name}>{text(name, label, { type: 'number', inputMode: 'decimal', step: '0.01', min: rateMin, max: rateMax })}</div>
            ))}
          </div>
          {text('profileImage', 'Profile image URL (optional)', { type: 'url', placeholder: 'https://…' })}
          {text('specialties', 'Specialties', { placeholder: 'Tarot, Astrology, Dream Interpretation' })}
          <FormField id={bio.id} label="Bio" error={bio.error}>
            <Textarea rows={3} {...bio.aria} {...register('bio')} />
          </FormField>
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

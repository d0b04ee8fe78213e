import { zodResolver } from '@hookform/resolvers/zod';
import { type SignUpInput, signUpSchema } from '@shared/auth';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSignUp } from '@/lib/auth';
import { toAuthFormError } from './auth-errors';
import { FormRootError, SubmitButton } from './form-parts';

const passwordHint = `At least ${PASSWORD_MIN_LENGTH} characters.`;

export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const id = useId();
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signUpSchema), defaultValues: { name: '', email: '', password: '' } });

  const onSubmit = async (values: SignUpInput) => {
    try {
      await signUp.mutateAsync(values);
      onSuccess();
    } catch (error) {
      const { fields, form } = toAuthFormError(error);
      for (const [field, message] of Object.entries(fields)) {
        if (field === 'name' || field === 'email' || field === 'password') setError(field, { message });
      }
      if (form) setError('root', { message: form });
    }
  };

  const nameId = `${id}-name`;
  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Sign up">
      <FormField id={nameId} label="Name" error={errors.name?.message}>
        <Input autoComplete="name" placeholder="Your name" {...fieldAria(nameId, errors.name?.message)} {...register('name')} />
      </FormField>
      <FormField id={emailId} label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...fieldAria(emailId, errors.email?.message)} {...register('email')} />
      </FormField>
      <FormField id={passwordId} label="Password" error={errors.password?.message} hint={passwordHint}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldAria(passwordId, errors.password?.message, passwordHint)}
          {...register('password')}
        />
      </FormField>
      <FormRootError message={errors.root?.message} />
      <SubmitButton isSubmitting={isSubmitting} busyLabel="Creating your account">
        Create Account
      </SubmitButton>
    </form>
  );
}

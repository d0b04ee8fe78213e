import { zodResolver } from '@hookform/resolvers/zod';
import { type SignUpInput, signUpSchema } from '@shared/auth';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toAuthFormError } from './auth-errors';
import { CheckYourEmail } from './check-your-email';
import { FormRootError, SubmitButton } from './form-parts';
import { useSignUp } from './sign-up-api';

const passwordHint = `At least ${PASSWORD_MIN_LENGTH} characters.`;

/** Signs no one in: after 'Create Account' it shows where the link that does was sent. */
export function SignUpForm() {
  const id = useId();
  const signUp = useSignUp();
  const [sent, setSent] = useState<{ email: string; isMailboxReadable: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signUpSchema), defaultValues: { name: '', email: '', password: '' } });

  const onSubmit = async (values: SignUpInput) => {
    try {
      const answer = await signUp.mutateAsync(values);
      setSent({ email: values.email, isMailboxReadable: answer.isMailboxReadable });
    } catch (error) {
      const { fields, form } = toAuthFormError(error);
      for (const [field, message] of Object.entries(fields)) {
        if (field === 'name' || field === 'email' || field === 'password') setError(field, { message });
      }
      if (form) setError('root', { message: form });
    }
  };

  if (sent) {
    return (
      <CheckYourEmail
        email={sent.email}
        isMailboxReadable={sent.isMailboxReadable}
        onUseAnotherEmail={() => {
          reset();
          setSent(null);
        }}
      />
    );
  }

  const nameId = `${id}-name`;
  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Sign up">
      <FormField id={nameId} label="Name" error={errors.name?.message}>
        <Input
          autoComplete="name"
          placeholder="Your name"
          {...fieldAria(nameId, errors.name?.message)}
          {...register('name')}
        />
      </FormField>
      <FormField id={emailId} label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...fieldAria(emailId, errors.email?.message)}
          {...register('email')}
        />
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

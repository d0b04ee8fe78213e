import { zodResolver } from '@hookform/resolvers/zod';
import { type SignInInput, signInSchema } from '@shared/auth';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSignIn } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { toAuthFormError } from './auth-errors';
import { FormRootError, SubmitButton } from './form-parts';
import { TwoFactorStep } from './two-factor-step';

/** Email and password, then the authenticator's code when the account has two-factor sign-in on. */
export function SignInForm({ onSuccess, onForgotPassword }: { onSuccess: () => void; onForgotPassword?: () => void }) {
  const [isTwoFactorStep, setIsTwoFactorStep] = useState(false);
  if (isTwoFactorStep) return <TwoFactorStep onSuccess={onSuccess} onCancel={() => setIsTwoFactorStep(false)} />;
  return (
    <PasswordStep
      onSuccess={onSuccess}
      onTwoFactor={() => setIsTwoFactorStep(true)}
      onForgotPassword={onForgotPassword}
    />
  );
}

function PasswordStep({
  onSuccess,
  onTwoFactor,
  onForgotPassword,
}: {
  onSuccess: () => void;
  onTwoFactor: () => void;
  onForgotPassword?: () => void;
}) {
  const id = useId();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = async (values: SignInInput) => {
    try {
      const result = await signIn.mutateAsync(values);
      if (result.isTwoFactorRequired) onTwoFactor();
      else onSuccess();
    } catch (error) {
      const { fields, form } = toAuthFormError(error);
      for (const [field, message] of Object.entries(fields)) {
        if (field === 'email' || field === 'password') setError(field, { message });
      }
      if (form) setError('root', { message: form });
    }
  };

  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Sign in">
      <FormField id={emailId} label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...fieldAria(emailId, errors.email?.message)}
          {...register('email')}
        />
      </FormField>
      <FormField id={passwordId} label="Password" error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...fieldAria(passwordId, errors.password?.message)}
          {...register('password')}
        />
      </FormField>
      <Link
        to={paths.resetPassword}
        onClick={onForgotPassword}
        className="-mt-2 justify-self-end text-sm font-semibold text-pink underline-offset-4 hover:underline"
      >
        Forgot password?
      </Link>
      <FormRootError message={errors.root?.message} />
      <SubmitButton isSubmitting={isSubmitting} busyLabel="Signing in">
        Sign In
      </SubmitButton>
    </form>
  );
}

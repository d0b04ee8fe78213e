import { zodResolver } from '@hookform/resolvers/zod';
import {
  type NewPasswordForm,
  newPasswordFormSchema,
  type RequestPasswordResetInput,
  requestPasswordResetSchema,
} from '@shared/account';
import { MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { useRequestPasswordReset, useResetPassword } from './account-auth-api';
import { GENERIC_AUTH_ERROR, toAuthFormError } from './auth-errors';
import { AuthPageShell } from './auth-page-shell';
import { FormRootError, SubmitButton } from './form-parts';
import { TwoFactorStep } from './two-factor-step';

const backToSignIn = (
  <>
    Remembered it?{' '}
    <Link to={paths.login} className="font-semibold text-pink underline-offset-4 hover:underline">
      Sign in
    </Link>
  </>
);

/** /reset-password: without a token, ask for a link by email; with the mailed token, choose a new password. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  usePageMeta({ title: 'Reset Password', description: 'Choose a new password for your Soul Tribe account.' });
  return token ? <NewPasswordCard token={token} /> : <RequestLinkCard />;
}

function RequestLinkCard() {
  const id = useId();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(requestPasswordResetSchema), defaultValues: { email: '' } });
  const onSubmit = async (values: RequestPasswordResetInput) => {
    try {
      await request.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      const { fields, form } = toAuthFormError(error);
      if (fields.email) setError('email', { message: fields.email });
      if (form) setError('root', { message: form });
    }
  };
  const emailId = `${id}-email`;
  return (
    <AuthPageShell
      title="Forgot Password?"
      subtitle="We will email you a link to choose a new one."
      footer={backToSignIn}
    >
      {sentTo ? (
        <Alert>
          <MailCheck aria-hidden="true" />
          <span>
            If an account exists for <strong>{sentTo}</strong>, a reset link is on its way. It works once, for one hour.
          </span>
        </Alert>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Ask for a reset link">
          <FormField id={emailId} label="Email" error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              {...fieldAria(emailId, errors.email?.message)}
              {...register('email')}
            />
          </FormField>
          <FormRootError message={errors.root?.message} />
          <SubmitButton isSubmitting={isSubmitting} busyLabel="Sending the link">
            Send Reset Link
          </SubmitButton>
        </form>
      )}
    </AuthPageShell>
  );
}

function NewPasswordCard({ token }: { token: string }) {
  const id = useId();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [isTwoFactorStep, setIsTwoFactorStep] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const signedIn = () => navigate(paths.dashboard, { replace: true });
  const onSubmit = async (values: NewPasswordForm) => {
    try {
      const result = await reset.mutateAsync({ token, newPassword: values.newPassword });
      if (result.isTwoFactorRequired) setIsTwoFactorStep(true);
      else signedIn();
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields?.newPassword : undefined;
      if (fieldMessage) setError('newPassword', { message: fieldMessage });
      else setError('root', { message: toAuthFormError(error).form ?? GENERIC_AUTH_ERROR });
    }
  };
  const newId = `${id}-new`;
  const confirmId = `${id}-confirm`;
  return (
    <AuthPageShell
      title="New Password"
      subtitle={
        isTwoFactorStep
          ? 'Your password is changed. One more step to sign in.'
          : 'Choose a new password for your account.'
      }
      footer={
        <Link to={paths.resetPassword} className="font-semibold text-pink underline-offset-4 hover:underline">
          Ask for a new link
        </Link>
      }
    >
      {isTwoFactorStep ? (
        <TwoFactorStep onSuccess={signedIn} onCancel={() => navigate(paths.login)} />
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Choose a new password">
          <FormField id={newId} label="New password" error={errors.newPassword?.message}>
            <Input
              type="password"
              autoComplete="new-password"
              {...fieldAria(newId, errors.newPassword?.message)}
              {...register('newPassword')}
            />
          </FormField>
          <FormField id={confirmId} label="New password again" error={errors.confirmPassword?.message}>
            <Input
              type="password"
              autoComplete="new-password"
              {...fieldAria(confirmId, errors.confirmPassword?.message)}
              {...register('confirmPassword')}
            />
          </FormField>
          <FormRootError message={errors.root?.message} />
          <SubmitButton isSubmitting={isSubmitting} busyLabel="Saving the new password">
            Save and Sign In
          </SubmitButton>
        </form>
      )}
    </AuthPageShell>
  );
}

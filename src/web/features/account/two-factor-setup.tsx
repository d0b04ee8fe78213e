import { zodResolver } from '@hookform/resolvers/zod';
import {
  type EnableTwoFactorResponse,
  type PasswordConfirmInput,
  passwordConfirmSchema,
  type TwoFactorCodeInput,
  totpCodeSchema,
} from '@shared/account';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmTwoFactor, useStartTwoFactor } from './api';
import { errorMessage, PasswordField } from './password-field';

/** The secret of an otpauth:// URI, in groups of four as people type it into an app. */
export function setupKeyOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * Turning two-factor on: the password, then the key for the authenticator app and its first code,
 * then the backup codes to keep. Nothing changes until the code is right.
 */
export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<EnableTwoFactorResponse | null>(null);
  const [isConfirmed, setIsConfirmed] = useState(false);
  if (!setup) return <PasswordStep onStarted={setSetup} />;
  if (!isConfirmed) return <CodeStep totpURI={setup.totpURI} onConfirmed={() => setIsConfirmed(true)} />;
  return <BackupCodes codes={setup.backupCodes} onDone={onDone} />;
}

function PasswordStep({ onStarted }: { onStarted: (setup: EnableTwoFactorResponse) => void }) {
  const start = useStartTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordConfirmSchema), defaultValues: { password: '' } });
  const onSubmit = async (values: PasswordConfirmInput) => {
    try {
      onStarted(await start.mutateAsync(values));
    } catch (error) {
      setError('password', { message: errorMessage(error, 'That did not work. Try again.') });
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Confirm your password">
      <PasswordField error={errors.password?.message} registration={register('password')} />
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? <Spinner className="size-4 text-primary-foreground" label="Checking" /> : null}
        Continue
      </Button>
    </form>
  );
}

function CodeStep({ totpURI, onConfirmed }: { totpURI: string; onConfirmed: () => void }) {
  const id = useId();
  const confirm = useConfirmTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } });
  const onSubmit = async (values: TwoFactorCodeInput) => {
    try {
      await confirm.mutateAsync(values);
      onConfirmed();
    } catch (error) {
      setError('code', { message: errorMessage(error, 'That code did not work. Try again.') });
    }
  };
  const codeId = `${id}-code`;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4"
      aria-label="Confirm the authenticator app"
    >
      <div className="grid gap-2 text-sm">
        <p>In your authenticator app (Google Authenticator, 1Password, Authy…), add an account with this key:</p>
        <p
          className="rounded-lg border border-border bg-muted px-3 py-2 font-mono text-base tracking-wider break-all"
          data-testid="totp-setup-key"
        >
          {setupKeyOf(totpURI)}
        </p>
        <a href={totpURI} className="font-semibold text-pink underline-offset-4 hover:underline" data-testid="totp-uri">
          On this phone? Open it in the app
        </a>
      </div>
      <FormField id={codeId} label="6-digit code from the app" error={errors.code?.message}>
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder="123456"
          {...fieldAria(codeId, errors.code?.message)}
          {...register('code')}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? <Spinner className="size-4 text-primary-foreground" label="Checking" /> : null}
        Turn On
      </Button>
    </form>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Two-factor sign-in is on. Keep these backup codes somewhere safe: each one signs you in once if your phone is
        not at hand.
      </p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-muted p-3 font-mono text-sm"
        aria-label="Backup codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
          Copy codes
        </Button>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </div>
  );
}

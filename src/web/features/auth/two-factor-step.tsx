import { zodResolver } from '@hookform/resolvers/zod';
import { backupCodeSchema, totpCodeSchema } from '@shared/account';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { type SecondFactor, useVerifySecondFactor } from './account-auth-api';
import { toAuthFormError } from './auth-errors';
import { FormRootError, SubmitButton } from './form-parts';

/** After the password: the authenticator's code, or one backup code when the phone is not at hand. */
export function TwoFactorStep({ onSuccess, onCancel }: { onSuccess: () => void; onCancel: () => void }) {
  const [method, setMethod] = useState<SecondFactor>('totp');
  return (
    <TwoFactorCodeForm
      key={method}
      method={method}
      onMethodChange={setMethod}
      onSuccess={onSuccess}
      onCancel={onCancel}
    />
  );
}

function TwoFactorCodeForm({
  method,
  onMethodChange,
  onSuccess,
  onCancel,
}: {
  method: SecondFactor;
  onMethodChange: (method: SecondFactor) => void;
  onSuccess: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const verify = useVerifySecondFactor();
  const isTotp = method === 'totp';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(isTotp ? totpCodeSchema : backupCodeSchema), defaultValues: { code: '' } });

  const onSubmit = async ({ code }: { code: string }) => {
    try {
      await verify.mutateAsync({ method, code });
      onSuccess();
    } catch (error) {
      const { form } = toAuthFormError(error);
      setError('code', { message: form ?? 'That code did not work. Try again.' });
    }
  };

  const codeId = `${id}-code`;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Two-factor sign-in">
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
        {isTotp
          ? 'Enter the 6-digit code from your authenticator app.'
          : 'Enter one of the backup codes you saved. Each works once.'}
      </p>
      <FormField id={codeId} label={isTotp ? 'Authentication code' : 'Backup code'} error={errors.code?.message}>
        <Input
          autoFocus
          autoComplete="one-time-code"
          inputMode={isTotp ? 'numeric' : 'text'}
          placeholder={isTotp ? '123456' : 'xxxxx-xxxxx'}
          {...fieldAria(codeId, errors.code?.message)}
          {...register('code')}
        />
      </FormField>
      <FormRootError message={errors.root?.message} />
      <SubmitButton isSubmitting={isSubmitting} busyLabel="Checking the code">
        Verify
      </SubmitButton>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          type="button"
          variant="link"
          className="px-0"
          onClick={() => onMethodChange(isTotp ? 'backup-code' : 'totp')}
        >
          {isTotp ? 'Use a backup code instead' : 'Use the authenticator app instead'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Back
        </Button>
      </div>
    </form>
  );
}

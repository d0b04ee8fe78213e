import { zodResolver } from '@hookform/resolvers/zod';
import { type PasswordConfirmInput, passwordConfirmSchema } from '@shared/account';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LoadFailed } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { accountStatusQuery, useDisableTwoFactor } from './api';
import { errorMessage, PasswordField } from './password-field';
import { TwoFactorSetup } from './two-factor-setup';

/** Two-factor sign-in: on or off, with its set-up and, unless it is required, turning it off. */
export function TwoFactorCard() {
  const status = useQuery(accountStatusQuery);
  const [dialog, setDialog] = useState<'setup' | 'disable' | null>(null);
  const isOn = status.data?.twoFactorEnabled === true;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Two-factor sign-in
          {status.data ? <Badge variant={isOn ? 'default' : 'outline'}>{isOn ? 'On' : 'Off'}</Badge> : null}
        </CardTitle>
        <CardDescription>
          After your password, a code from an authenticator app on your phone, so a stolen password alone cannot sign
          in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <Skeleton className="h-10 w-40" />
        ) : status.isError ? (
          <LoadFailed query={status} message="Failed to load your security settings." />
        ) : isOn ? (
          status.data.twoFactorRequired ? (
            <p className="text-sm text-muted-foreground">Required for admins: it stays on.</p>
          ) : (
            <Button variant="outline" onClick={() => setDialog('disable')}>
              <ShieldOff aria-hidden="true" />
              Turn Off
            </Button>
          )
        ) : (
          <Button onClick={() => setDialog('setup')}>
            <ShieldCheck aria-hidden="true" />
            Set Up Two-Factor
          </Button>
        )}
      </CardContent>
      <Dialog open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {dialog === 'disable' ? 'Turn off two-factor sign-in' : 'Set up two-factor sign-in'}
            </DialogTitle>
            <DialogDescription>
              {dialog === 'disable'
                ? 'Your password alone will sign you in again.'
                : 'It takes a minute with an authenticator app on your phone.'}
            </DialogDescription>
          </DialogHeader>
          {dialog === 'setup' ? <TwoFactorSetup onDone={() => setDialog(null)} /> : null}
          {dialog === 'disable' ? <DisableForm onDone={() => setDialog(null)} /> : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordConfirmSchema), defaultValues: { password: '' } });
  const onSubmit = async (values: PasswordConfirmInput) => {
    try {
      await disable.mutateAsync(values);
      toast.success('Two-factor sign-in is off');
      onDone();
    } catch (error) {
      setError('password', { message: errorMessage(error, 'That did not work. Try again.') });
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Turn off two-factor sign-in">
      <PasswordField error={errors.password?.message} registration={register('password')} />
      <Button
        type="submit"
        variant="outline"
        disabled={isSubmitting}
        className="justify-self-start border-destructive/70 text-destructive hover:bg-destructive/10"
      >
        Turn Off
      </Button>
    </form>
  );
}

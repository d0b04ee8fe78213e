import { useQuery } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { accountStatusQuery, useResendVerification } from './api';

/** Until the email is verified: a reminder with 'Send again' (nothing is blocked but a reader's first payout). */
export function VerifyEmailBanner({ email, isReader }: { email: string; isReader: boolean }) {
  const status = useQuery(accountStatusQuery);
  const resend = useResendVerification();
  if (!status.data || status.data.emailVerified) return null;
  return (
    <Alert
      className="mb-6 flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between print:hidden"
      data-testid="verify-email-banner"
    >
      <span className="flex items-start gap-3">
        <MailWarning className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
        <span>
          Please verify your email: we sent a link to <strong>{email}</strong>.
          {isReader ? ' Your first payout waits for it.' : ''}
        </span>
      </span>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: () => toast.success(`A new link is on its way to ${email}`),
            onError: (error) => toast.error(error.message),
          })
        }
      >
        {resend.isPending ? 'Sending…' : 'Send again'}
      </Button>
    </Alert>
  );
}

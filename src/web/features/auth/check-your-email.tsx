import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/**
 * What 'Create Account' leads to, the same whether the email was new or already had an account:
 * the mail says which (a link that ends the sign-up, or a note to the owner).
 */
export function CheckYourEmail({
  email,
  isMailboxReadable,
  onUseAnotherEmail,
}: {
  email: string;
  isMailboxReadable: boolean;
  onUseAnotherEmail: () => void;
}) {
  return (
    <section className="grid gap-4 text-center" aria-labelledby="check-your-email">
      <MailCheck className="mx-auto size-12 text-pink" aria-hidden="true" />
      <h2 id="check-your-email" className="text-2xl font-semibold">
        Check your email
      </h2>
      <p role="status">
        We sent a link to <strong className="break-words">{email}</strong>. Open it to finish creating your account: it
        signs you in.
      </p>
      <p className="text-sm text-muted-foreground">
        Already have an account with this email? The message tells you how to sign in instead. Nothing there? Look in
        your spam folder.
      </p>
      {isMailboxReadable ? (
        <Alert className="text-left">
          <MailCheck aria-hidden="true" />
          <span>
            This development server keeps its mail instead of sending it: read it in the{' '}
            <Link
              to={`${paths.devMailbox}?${new URLSearchParams({ to: email })}`}
              className="font-semibold text-pink underline-offset-4 hover:underline"
            >
              dev mailbox
            </Link>
            .
          </span>
        </Alert>
      ) : null}
      <Button variant="outline" onClick={onUseAnotherEmail}>
        Use a different email
      </Button>
    </section>
  );
}

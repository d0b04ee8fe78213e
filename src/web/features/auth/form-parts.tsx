import { CircleAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The form-wide error (e.g. a wrong password), shown above the submit button. */
export function FormRootError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <span>{message}</span>
    </Alert>
  );
}

/** Full-width submit, disabled with a spinner while the request runs so it is sent once. */
export function SubmitButton({
  isSubmitting,
  busyLabel,
  children,
}: {
  isSubmitting: boolean;
  busyLabel: string;
  children: string;
}) {
  return (
    <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
      {isSubmitting ? <Spinner className="size-4 text-primary-foreground" label={busyLabel} /> : null}
      {children}
    </Button>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type DeleteAccountInput, deleteAccountSchema } from '@shared/account';
import type { Role } from '@shared/constants';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormRootError } from '@/features/auth';
import { ApiError } from '@/lib/api';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from './api';
import { errorMessage, PasswordField } from './password-field';

// White on the theme's red falls short of 4.5:1 in the dark theme; red text on the page colour does not.
const DANGER_CLASS = 'border-destructive/70 text-destructive hover:bg-destructive/10';

/** Deleting the account: what goes, what stays and why, confirmed with the password. */
export function DeleteAccountCard({ role }: { role: Role }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Your personal data is erased for good. Records of money (payments and receipts) are kept without your name, as
          the law asks.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" className={DANGER_CLASS} onClick={() => setIsOpen(true)}>
          <Trash2 aria-hidden="true" />
          Delete my account
        </Button>
      </CardContent>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>This cannot be undone.</DialogDescription>
          </DialogHeader>
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            <li>Your profile, sign-ins, chat messages, favorites and follows are erased.</li>
            <li>Payments, readings' receipts and the stars you gave stay, under 'Deleted user'.</li>
            <li>
              {role === 'reader'
                ? 'Your balance must be $0.00: pay out your earnings and finish any open reading first.'
                : 'Your wallet must be at $0.00: spend any balance on readings and finish any open reading first.'}
            </li>
          </ul>
          <DeleteForm onCancel={() => setIsOpen(false)} />
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function DeleteForm({ onCancel }: { onCancel: () => void }) {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(deleteAccountSchema), defaultValues: { password: '' } });
  const onSubmit = async (values: DeleteAccountInput) => {
    try {
      await remove.mutateAsync(values);
      toast.success('Your account was deleted');
      await navigate(paths.home, { replace: true });
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields?.password : undefined;
      if (fieldMessage) setError('password', { message: fieldMessage });
      else setError('root', { message: errorMessage(error, 'Your account could not be deleted. Try again.') });
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Delete your account">
      <PasswordField error={errors.password?.message} registration={register('password')} />
      <FormRootError message={errors.root?.message} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="outline" className={DANGER_CLASS} disabled={isSubmitting}>
          {isSubmitting ? 'Deleting…' : 'Delete my account'}
        </Button>
      </div>
    </form>
  );
}

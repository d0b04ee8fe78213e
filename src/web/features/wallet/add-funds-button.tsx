import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { AddFundsDialog } from './add-funds-dialog';

/** 'Add Funds', or a quick-add amount, opening the dialog (nothing is paid before its confirmation). */
export function AddFundsButton({ amountCents, children, ...props }: ButtonProps & { amountCents?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} {...props}>
        {children ?? (
          <>
            <Plus aria-hidden="true" />
            Add Funds
          </>
        )}
      </Button>
      <AddFundsDialog open={open} onOpenChange={setOpen} initialAmountCents={amountCents} />
    </>
  );
}

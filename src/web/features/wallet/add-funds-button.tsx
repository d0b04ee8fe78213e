import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { AddFundsDialog } from './add-funds-dialog';

/**
 * 'Add Funds', or a quick-add amount, opening the dialog (nothing is paid before its confirmation);
 * open at once with a promo code when an offer's link brought one.
 */
export function AddFundsButton({
  amountCents,
  promoCode,
  children,
  ...props
}: ButtonProps & { amountCents?: number; promoCode?: string }) {
  const [open, setOpen] = useState(Boolean(promoCode));
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
      <AddFundsDialog
        open={open}
        onOpenChange={setOpen}
        initialAmountCents={amountCents}
        initialPromoCode={promoCode}
      />
    </>
  );
}

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export function EndSessionDialog({
  open,
  onOpenChange,
  canAskRefund,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client, within the first 3 billing minutes (the satisfaction guarantee). */
  canAskRefund: boolean;
  onConfirm: (refundRequested: boolean) => void;
}) {
  const [wantsRefund, setWantsRefund] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setWantsRefund(false);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>End this reading?</DialogTitle>
          <DialogDescription>
            Billing stops as soon as the reading ends. Minutes already started stay charged.
          </DialogDescription>
        </DialogHeader>
        {canAskRefund ? (
          <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-muted/50 p-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={wantsRefund}
              onChange={(event) => setWantsRefund(event.target.checked)}
            />
            <span>
              <span className="font-semibold">I was not satisfied — refund me</span>
              <span className="block text-muted-foreground">
                Within the first 3 minutes, every charge of this reading goes back to your wallet.
              </span>
            </span>
          </label>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep Reading</Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => onConfirm(canAskRefund && wantsRefund)}>
            End Reading
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useCountOpenDialog } from './open-dialogs';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

function OpenDialogMarker() {
  useCountOpenDialog();
  return null;
}

/**
 * `answerRequired`: a question that only its buttons answer (a paid request, a kept place in a line):
 * no ✕, and Escape or a click beside it do nothing, so a stray key or tap never declines for the user.
 */
export function DialogContent({
  className,
  children,
  answerRequired = false,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { answerRequired?: boolean }) {
  const keepOpen = (event: Event) => event.preventDefault();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
      <DialogPrimitive.Content
        className={cn(
          // On a phone the bottom 6rem stay clear for the toasts, which go to the bottom while a dialog is
          // open (its close button is at the top): a toast never covers a dialog's actions, on a phone least of all.
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-border bg-popover p-6 text-popover-foreground shadow-2xl shadow-primary/10 max-sm:top-[calc(50%-2.5rem)] max-sm:max-h-[calc(100dvh-7rem)]',
          className,
        )}
        {...(answerRequired ? { onEscapeKeyDown: keepOpen, onInteractOutside: keepOpen } : {})}
        {...props}
      >
        <OpenDialogMarker />
        {children}
        {answerRequired ? null : (
          <DialogPrimitive.Close className="absolute top-4 right-4 rounded-full p-1 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground">
            <X className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 text-center sm:text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-xl font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

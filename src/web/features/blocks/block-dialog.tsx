import { zodResolver } from '@hookform/resolvers/zod';
import { BLOCK_REASON_MAX_CHARS, createBlockSchema } from '@shared/blocks';
import { z } from '@shared/zod-config';
import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { blocksQuery, useBlockUser, useUnblockUser } from './api';

const reasonFormSchema = z.object({ reason: createBlockSchema.shape.reason });
type ReasonFormInput = z.input<typeof reasonFormSchema>;
type ReasonFormOutput = z.output<typeof reasonFormSchema>;

const REASON_ID = 'block-reason';

/** What a block does, said before it is done (decision 068). */
function BlockEffects() {
  return (
    <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
      <li>Neither of you can request, book, write to or join a paid stream of the other.</li>
      <li>Anything booked or asked between you is refunded in full.</li>
      <li>A reading in progress between you ends now.</li>
      <li>They are not told why. You can unblock them in Settings.</li>
    </ul>
  );
}

function BlockForm({
  userId,
  name,
  onDone,
  onBlocked,
}: {
  userId: string;
  name: string;
  onDone: () => void;
  onBlocked?: () => void;
}) {
  const block = useBlockUser();
  const [formError, setFormError] = useState<string | null>(null);
  // A second click before the first has re-rendered the button as disabled must not send again.
  const isSending = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<ReasonFormInput, unknown, ReasonFormOutput>({
    resolver: zodResolver(reasonFormSchema),
    defaultValues: { reason: '' },
  });
  const error = errors.reason?.message;
  const length = (watch('reason') ?? '').length;

  const submit = ({ reason }: ReasonFormOutput) => {
    if (isSending.current) return;
    isSending.current = true;
    setFormError(null);
    block.mutate(
      { userId, reason },
      {
        onSuccess: () => {
          toast.success(`You blocked ${name}`, { description: 'Unblock them any time in Settings.' });
          onDone();
          onBlocked?.();
        },
        onError: (failure) => {
          isSending.current = false;
          const reasonError = failure instanceof ApiError ? failure.fields?.reason : undefined;
          if (reasonError) setError('reason', { message: reasonError });
          else setFormError(failure.message);
        },
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={handleSubmit(submit)} aria-label={`Block ${name}`} noValidate>
      <FormField id={REASON_ID} label="Private reason (optional)" error={error} hint="Only you will see it.">
        <Textarea
          rows={3}
          placeholder="For your own records"
          {...fieldAria(REASON_ID, error, 'hint')}
          {...register('reason')}
        />
      </FormField>
      <p
        className={cn(
          '-mt-2 text-right text-xs tabular-nums',
          length > BLOCK_REASON_MAX_CHARS ? 'font-semibold text-destructive' : 'text-muted-foreground',
        )}
        aria-live="polite"
      >
        {length} / {BLOCK_REASON_MAX_CHARS}
      </p>
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={block.isPending}>
          {block.isPending ? 'Blocking…' : 'Block'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Someone already blocked: when, and the way back, instead of a second block that would change nothing. */
function AlreadyBlocked({
  userId,
  name,
  since,
  onDone,
}: {
  userId: string;
  name: string;
  since: string;
  onDone: () => void;
}) {
  const unblock = useUnblockUser();
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        You blocked {name} on {format(parseISO(since), 'MMM d, yyyy')}.
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Close
        </Button>
        <Button
          disabled={unblock.isPending}
          onClick={() =>
            unblock.mutate(userId, {
              onSuccess: () => {
                toast.success(`You unblocked ${name}`);
                onDone();
              },
              onError: (failure) => toast.error(`Could not unblock ${name}`, { description: failure.message }),
            })
          }
        >
          {unblock.isPending ? 'Unblocking…' : 'Unblock'}
        </Button>
      </DialogFooter>
    </div>
  );
}

function DialogBody({
  userId,
  name,
  onDone,
  onBlocked,
}: {
  userId: string;
  name: string;
  onDone: () => void;
  onBlocked?: () => void;
}) {
  // The list only tells whether this is a block already made; if it cannot load, blocking still works.
  const existing = useQuery(blocksQuery).data?.blocks.find((block) => block.userId === userId);
  if (existing) return <AlreadyBlocked userId={userId} name={name} since={existing.createdAt} onDone={onDone} />;
  return (
    <>
      <BlockEffects />
      <BlockForm userId={userId} name={name} onDone={onDone} onBlocked={onBlocked} />
    </>
  );
}

export interface BlockDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  name: string;
  onBlocked?: () => void;
}

/** The block's dialog (block-button.tsx loads it when first opened). */
export function BlockDialog({ open, onOpenChange, userId, name, onBlocked }: BlockDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="pr-6 [overflow-wrap:anywhere]">Block {name}?</DialogTitle>
          <DialogDescription>While blocked, the two of you cannot reach each other on Soul Tribe.</DialogDescription>
        </DialogHeader>
        {/* A fresh form on each opening. */}
        {open ? (
          <DialogBody userId={userId} name={name} onDone={() => onOpenChange(false)} onBlocked={onBlocked} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

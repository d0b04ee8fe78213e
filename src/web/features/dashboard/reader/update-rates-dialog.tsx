import { zodResolver } from '@hookform/resolvers/zod';
import { centsToDollarInput } from '@shared/money';
import type { Reader } from '@shared/readers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
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
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { type RatesFormInput, type RatesFormOutput, ratesFormSchema } from './rates-form';
import { myReaderQuery, updateMyReader } from './reader-api';

const FIELDS = [
  { name: 'chatRate', label: 'Chat rate ($/min)' },
  { name: 'audioRate', label: 'Audio rate ($/min)' },
  { name: 'videoRate', label: 'Video rate ($/min)' },
] as const;

const toInputs = (reader: Reader): RatesFormInput => ({
  chatRate: centsToDollarInput(reader.chatRateCents),
  audioRate: centsToDollarInput(reader.audioRateCents),
  videoRate: centsToDollarInput(reader.videoRateCents),
});

export function UpdateRatesDialog({
  reader,
  open,
  onOpenChange,
}: {
  reader: Reader;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RatesFormInput, unknown, RatesFormOutput>({
    resolver: zodResolver(ratesFormSchema),
    defaultValues: toInputs(reader),
  });

  // Each opening starts from the saved rates, not from an abandoned edit.
  useEffect(() => {
    if (open) reset(toInputs(reader));
  }, [open, reader, reset]);

  const save = useMutation({
    mutationFn: (rates: RatesFormOutput) =>
      updateMyReader({
        chatRateCents: rates.chatRate,
        audioRateCents: rates.audioRate,
        videoRateCents: rates.videoRate,
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData<Reader>(myReaderQuery.queryKey, updated);
      toast.success('Rates updated successfully');
      onOpenChange(false);
    },
    onError: () => toast.error('Failed to update rates'),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update Your Rates</DialogTitle>
          <DialogDescription>
            Set what clients pay per minute for each kind of reading, from $0.99 to $99.99.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={handleSubmit((rates) => save.mutate(rates))}
          aria-label="Update your rates"
          noValidate
        >
          {FIELDS.map(({ name, label }) => {
            const id = `rate-${name}`;
            const error = errors[name]?.message;
            return (
              <FormField key={name} id={id} label={label} error={error}>
                <Input
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0.99"
                  max="99.99"
                  {...fieldAria(id, error)}
                  {...register(name)}
                />
              </FormField>
            );
          })}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save Rates'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

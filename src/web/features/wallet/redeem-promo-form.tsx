import { zodResolver } from '@hookform/resolvers/zod';
import { formatCents } from '@shared/money';
import { redeemPromotionSchema } from '@shared/promotions';
import type { z } from '@shared/zod-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { profileQueryKey } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { useOfferedCode } from './offered-code';
import { formatExpiryDay } from './promo-view';
import { promotionRefusal, redeemPromotion } from './promotions-api';
import { walletQueryKeys } from './query-keys';

const CODE_ID = 'redeem-promo-code';

type RedeemInput = z.input<typeof redeemPromotionSchema>;
type RedeemOutput = z.output<typeof redeemPromotionSchema>;

/**
 * 'Have a promo code?': a code that gives a fixed credit, redeemed on its own (decision 066). The
 * server's reason for a refusal shows beside the field; a second click while the first call runs
 * is dropped, and the button is disabled until it answers.
 */
export function RedeemPromoForm() {
  const offeredCode = useOfferedCode('redeem');
  const queryClient = useQueryClient();
  const isInFlight = useRef(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<RedeemInput, unknown, RedeemOutput>({
    resolver: zodResolver(redeemPromotionSchema),
    defaultValues: { code: offeredCode },
  });

  const redeem = useMutation({
    mutationFn: ({ code }: RedeemOutput) => redeemPromotion(code),
    onSuccess: (result) => {
      reset({ code: '' });
      toast.success(`${formatCents(result.creditCents)} of promotional credit added`, {
        description: `Use it by ${formatExpiryDay(result.expiresAt)}.`,
      });
      // The profile carries the credit too: what the reading pages count as spendable.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: walletQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]);
    },
    onError: (error) => {
      const refusal = promotionRefusal(error);
      if (refusal) setError('code', { message: refusal }, { shouldFocus: true });
      else toast.error('Failed to redeem the code', { description: error.message });
    },
    onSettled: () => {
      isInFlight.current = false;
    },
  });

  const submit = handleSubmit((input) => {
    if (isInFlight.current) return;
    isInFlight.current = true;
    redeem.mutate(input);
  });
  const error = errors.code?.message;

  return (
    <form className="grid gap-2" onSubmit={submit} aria-label="Redeem a promo code" noValidate>
      <FormField
        id={CODE_ID}
        label="Have a promo code?"
        error={error}
        hint="A code with a credit adds it here at once; a top-up bonus code goes in Add Funds."
      >
        <div className="flex gap-2">
          <Input
            placeholder="Enter a code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="uppercase placeholder:normal-case"
            {...fieldAria(CODE_ID, error, 'hint')}
            {...register('code')}
          />
          <Button type="submit" variant="outline" disabled={redeem.isPending}>
            {redeem.isPending ? 'Redeeming…' : 'Redeem'}
          </Button>
        </div>
      </FormField>
    </form>
  );
}

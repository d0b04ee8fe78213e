import { zodResolver } from '@hookform/resolvers/zod';
import { QUICK_ADD_CENTS } from '@shared/constants';
import { centsToDollarInput, formatCents } from '@shared/money';
import { SANDBOX_TEST_CARDS } from '@shared/wallet';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
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
import { type AddFundsFormInput, type AddFundsFormOutput, addFundsFormSchema } from './add-funds-form';
import { paymentsConfigQuery, savedCardsQuery } from './api';
import { cardLabel } from './card-label';
import { PromoCodeField } from './promo-code-field';
import { NEW_CARD, useAddFunds } from './use-add-funds';

const AMOUNT_ID = 'add-funds-amount';
/** The sandbox's test payment methods stand for saved cards; with Stripe, a new card goes to Checkout. */
const defaults = (amountCents: number | undefined, isTestMode: boolean, promoCode = ''): AddFundsFormInput => ({
  amount: amountCents ? centsToDollarInput(amountCents) : '',
  paymentMethodId: isTestMode ? SANDBOX_TEST_CARDS[0].paymentMethodId : NEW_CARD,
  promoCode,
});

export function AddFundsDialog({
  open,
  onOpenChange,
  initialAmountCents,
  initialPromoCode,
  notice,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialAmountCents?: number;
  /** The code an offer's link brought (a top-up bonus), filled in. */
  initialPromoCode?: string;
  /** What the caller needs said first (a reading paused for funds: the time left to top up). */
  notice?: ReactNode;
}) {
  const config = useQuery(paymentsConfigQuery);
  const isTestMode = config.data?.provider !== 'stripe';
  const cards = useQuery({ ...savedCardsQuery, enabled: open });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<AddFundsFormInput, unknown, AddFundsFormOutput>({
    resolver: zodResolver(addFundsFormSchema),
    defaultValues: defaults(initialAmountCents, isTestMode, initialPromoCode),
  });

  const addFunds = useAddFunds({
    onSuccess: () => onOpenChange(false),
    onLimitReached: (message) => setError('amount', { message }),
    onPromotionRefused: (message) => setError('promoCode', { message }, { shouldFocus: true }),
  });

  // Each opening starts afresh, with the quick-add amount it was opened for.
  useEffect(() => {
    if (open) reset(defaults(initialAmountCents, isTestMode, initialPromoCode));
  }, [open, initialAmountCents, initialPromoCode, isTestMode, reset]);

  const amountError = errors.amount?.message;
  const submit = handleSubmit(({ amount, paymentMethodId, saveCard, promoCode }) =>
    addFunds.addFunds({ amountCents: amount, paymentMethodId, saveCard, promoCode }),
  );
  const isNewCard = watch('paymentMethodId') === NEW_CARD;

  return (
    <Dialog open={open} onOpenChange={(next) => !addFunds.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Funds to Wallet</DialogTitle>
          <DialogDescription>
            Readings are billed per minute from your wallet. Add from $1.00 to $1,000.00 at a time.
          </DialogDescription>
        </DialogHeader>
        {notice}
        <form className="grid gap-5" onSubmit={submit} aria-label="Add funds" noValidate>
          <FormField id={AMOUNT_ID} label="Amount (USD)" error={amountError}>
            <Input
              type="number"
              inputMode="decimal"
              step="0.01"
              min="1"
              max="1000"
              placeholder="25.00"
              {...fieldAria(AMOUNT_ID, amountError)}
              {...register('amount')}
            />
          </FormField>
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="mb-2 text-sm font-semibold">Quick add</legend>
            {QUICK_ADD_CENTS.map((cents) => (
              <Button
                key={cents}
                variant="outline"
                size="sm"
                onClick={() => setValue('amount', centsToDollarInput(cents), { shouldValidate: true })}
              >
                {formatCents(cents).replace('.00', '')}
              </Button>
            ))}
          </fieldset>
          <PromoCodeField
            registration={register('promoCode')}
            codeInput={watch('promoCode') ?? ''}
            amountInput={watch('amount')}
            formError={errors.promoCode?.message}
            isEnabled={open}
          />
          <fieldset className="grid gap-2 rounded-xl border border-dashed border-gold/50 p-4">
            <legend className="flex items-center gap-2 px-1 text-sm font-semibold">
              Card
              {isTestMode ? (
                <Badge variant="gold">Test mode</Badge>
              ) : (
                <Badge variant="outline">Stripe test cards</Badge>
              )}
            </legend>
            <p className="text-xs text-muted-foreground">
              {isTestMode
                ? 'No real card is charged. Pick how the test payment should go.'
                : 'You pay on Stripe’s secure checkout page; your balance updates once Stripe confirms the payment.'}
            </p>
            {(cards.data?.cards ?? []).map((card) => (
              <label
                key={card.id}
                className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-muted"
              >
                <input type="radio" value={card.id} className="size-4 accent-pink" {...register('paymentMethodId')} />
                <span className="text-sm">{cardLabel(card)}</span>
              </label>
            ))}
            <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-muted">
              <input type="radio" value={NEW_CARD} className="size-4 accent-pink" {...register('paymentMethodId')} />
              <span className="text-sm">New card (secure checkout page)</span>
            </label>
            {isNewCard ? (
              <label className="flex cursor-pointer items-center gap-3 px-2 pl-9 text-sm">
                <input type="checkbox" className="size-4 accent-pink" {...register('saveCard')} />
                Save this card for next time
              </label>
            ) : null}
            {(isTestMode ? SANDBOX_TEST_CARDS : []).map((card) => (
              <label
                key={card.paymentMethodId}
                className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-muted"
              >
                <input
                  type="radio"
                  value={card.paymentMethodId}
                  className="size-4 accent-pink"
                  {...register('paymentMethodId')}
                />
                <span className="text-sm">{card.label}</span>
              </label>
            ))}
          </fieldset>
          <DialogFooter>
            <Button variant="outline" disabled={addFunds.isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={addFunds.isPending}>
              {addFunds.isPending ? 'Adding…' : 'Add Funds'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

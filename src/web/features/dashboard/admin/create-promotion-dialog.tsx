import { zodResolver } from '@hookform/resolvers/zod';
import { PROMOTION_BUDGET_MAX_CENTS, PROMOTION_CREDIT_DAYS_MAX, PROMOTION_CREDIT_MAX_CENTS } from '@shared/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { type UseFormRegister, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import {
  emptyPromotionForm,
  type PromotionFormField,
  type PromotionFormInput,
  type PromotionFormOutput,
  promotionFormSchema,
  splitFieldErrors,
} from './promotion-form';
import { createPromotion, promotionsQueryKey } from './promotions-api';

/** Money fields take dollars and cents; count fields whole numbers from 1. */
const DOLLARS = { type: 'number', inputMode: 'decimal', step: '0.01', min: '0' } as const;
const WHOLE_NUMBER = { type: 'number', inputMode: 'numeric', step: '1', min: '1' } as const;

const fieldId = (name: PromotionFormField) => `new-promotion-${name}`;
const dollarsMax = (cents: number) => (cents / 100).toFixed(2);

/** A labelled input of the form, its hint, and its error beside it. */
function PromotionInput({
  registration,
  label,
  hint,
  error,
  ...props
}: {
  registration: UseFormRegisterReturn<PromotionFormField>;
  label: string;
  hint?: string;
  error: string | undefined;
} & ComponentProps<typeof Input>) {
  const id = fieldId(registration.name);
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Input {...props} {...fieldAria(id, error, hint)} {...registration} />
    </FormField>
  );
}

type FieldProps = {
  register: UseFormRegister<PromotionFormInput>;
  error: (name: PromotionFormField) => string | undefined;
};

/** The credit, the top-up bonus (its minimum and cap shown only once there is a bonus) and how long the credit lasts. */
function OfferFields({ register, error, hasBonus }: FieldProps & { hasBonus: boolean }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">What it gives</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <PromotionInput
          label="Credit ($)"
          hint="Given when redeemed, or with a top-up."
          {...DOLLARS}
          max={dollarsMax(PROMOTION_CREDIT_MAX_CENTS)}
          placeholder="None"
          error={error('creditDollars')}
          registration={register('creditDollars')}
        />
        <PromotionInput
          label="Bonus (% of a top-up)"
          hint="Granted when the top-up is paid."
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
          max="100"
          placeholder="None"
          error={error('bonusPercent')}
          registration={register('bonusPercent')}
        />
        {hasBonus ? (
          <>
            <PromotionInput
              label="Minimum top-up ($)"
              hint="No bonus below it."
              {...DOLLARS}
              placeholder="None"
              error={error('minTopUpDollars')}
              registration={register('minTopUpDollars')}
            />
            <PromotionInput
              label="Bonus cap ($)"
              hint="The most one top-up's bonus gives."
              {...DOLLARS}
              max={dollarsMax(PROMOTION_CREDIT_MAX_CENTS)}
              error={error('maxBonusDollars')}
              registration={register('maxBonusDollars')}
            />
          </>
        ) : null}
        <PromotionInput
          label="Credit lasts (days)"
          hint="From when it is granted; then what is left expires."
          {...WHOLE_NUMBER}
          max={String(PROMOTION_CREDIT_DAYS_MAX)}
          error={error('creditDays')}
          registration={register('creditDays')}
        />
      </div>
    </fieldset>
  );
}

/** The code's window, its limits and who may use it. */
function LimitFields({ register, error }: FieldProps) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">When and how much</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <PromotionInput
          label="Starts"
          hint="Your local time."
          type="datetime-local"
          error={error('startsAt')}
          registration={register('startsAt')}
        />
        <PromotionInput
          label="Ends (optional)"
          hint="Empty: runs until paused."
          type="datetime-local"
          error={error('endsAt')}
          registration={register('endsAt')}
        />
        <PromotionInput
          label="Redemption limit (optional)"
          hint="Each person can use a code once."
          {...WHOLE_NUMBER}
          placeholder="No limit"
          error={error('maxRedemptions')}
          registration={register('maxRedemptions')}
        />
        <PromotionInput
          label="Budget ($, optional)"
          hint="Credit it may grant in all."
          {...DOLLARS}
          max={dollarsMax(PROMOTION_BUDGET_MAX_CENTS)}
          placeholder="No budget"
          error={error('budgetDollars')}
          registration={register('budgetDollars')}
        />
      </div>
      <div className="grid gap-1">
        <label className="flex cursor-pointer items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-pink"
            {...fieldAria(fieldId('newClientsOnly'), error('newClientsOnly'))}
            {...register('newClientsOnly')}
          />
          New clients only (no paid top-up yet)
        </label>
        {error('newClientsOnly') ? (
          <p id={`${fieldId('newClientsOnly')}-error`} role="alert" className="text-sm font-semibold text-destructive">
            {error('newClientsOnly')}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1">
        <label className="flex cursor-pointer items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-pink"
            {...fieldAria(fieldId('welcome'), error('welcome'))}
            {...register('welcome')}
          />
          Welcome offer: a new client's first top-up gets it without typing the code
        </label>
        {error('welcome') ? (
          <p id={`${fieldId('welcome')}-error`} role="alert" className="text-sm font-semibold text-destructive">
            {error('welcome')}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * Admin → Promotions' 'New code' (decision 066): a fixed credit, a bonus percentage of a top-up (with
 * its minimum and cap), or both; its window, how long its credit lasts, and its limits. Each field
 * is checked by the server's own rule before sending, and the server's field messages land beside
 * the same fields.
 */
export function CreatePromotionDialog() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<PromotionFormInput, unknown, PromotionFormOutput>({
    resolver: zodResolver(promotionFormSchema),
    defaultValues: emptyPromotionForm(new Date()),
  });

  const create = useMutation({
    mutationFn: createPromotion,
    onSuccess: (promotion) => {
      toast.success(`Code ${promotion.code} created`);
      setOpen(false);
      return queryClient.invalidateQueries({ queryKey: promotionsQueryKey });
    },
    onError: (error) => {
      const { fields, others } =
        error instanceof ApiError && error.fields ? splitFieldErrors(error.fields) : { fields: [], others: [] };
      for (const [index, [field, message]] of fields.entries())
        setError(field, { message }, { shouldFocus: index === 0 });
      if (fields.length === 0 || others.length > 0)
        toast.error('Failed to create the code', { description: others.join(' ') || error.message });
    },
  });

  const openChange = (next: boolean) => {
    if (create.isPending) return;
    // Each opening starts afresh, starting now.
    if (next) reset(emptyPromotionForm(new Date()));
    setOpen(next);
  };

  const hasBonus = Number(watch('bonusPercent')) > 0;
  const error = (name: PromotionFormField) => errors[name]?.message;

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          New code
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>New promotion code</DialogTitle>
          <DialogDescription>
            A fixed credit, a bonus on a top-up, or both. Credit is spent before cash, expires, and is never refunded to
            a card or paid out.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-5"
          onSubmit={handleSubmit((input) => create.mutate(input))}
          aria-label="New promotion code"
          noValidate
        >
          <PromotionInput
            label="Code"
            hint="3 to 32 letters and digits; clients may type it in any case."
            placeholder="WELCOME10"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="uppercase placeholder:normal-case"
            error={error('code')}
            registration={register('code')}
          />
          <OfferFields register={register} error={error} hasBonus={hasBonus} />
          <LimitFields register={register} error={error} />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={create.isPending} onClick={() => openChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create code'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

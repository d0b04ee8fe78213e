import { bonusFor, promotionCodeSchema } from '@shared/promotions';
import { useQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { parseDepositAmount } from './add-funds-form';
import { promoPreviewText } from './promo-view';
import { promotionPreviewQuery, promotionRefusal, welcomeOfferQuery } from './promotions-api';

const PROMO_ID = 'add-funds-promo-code';
/** Typing settles before the code is checked: one request per pause, not one per key. */
export const PROMO_PREVIEW_DEBOUNCE_MS = 350;

/** What credit a top-up brings (a code's, or the welcome offer's), said before the client pays. */
function OfferNotice({
  id,
  testId,
  headline,
  detail,
}: {
  id?: string;
  testId: string;
  headline: string;
  detail: string;
}) {
  return (
    <div
      id={id}
      className="flex items-start gap-2 rounded-lg border border-gold/40 bg-gold/10 px-3 py-2"
      data-testid={testId}
      aria-live="polite"
    >
      <Gift className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
      <div className="grid gap-0.5">
        <p className="text-sm font-semibold text-gold">{headline}</p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </div>
    </div>
  );
}

/**
 * The add-funds dialog's optional promotion code (decision 066). Once typing pauses on a well-formed
 * code, the server says what it gives on the amount typed (`POST /api/promotions/preview`) or why
 * it is refused, beside the field, before anything is paid. `formError` is the form's own message
 * for the field (a malformed code on submit, or the server's refusal of the deposit), shown first.
 */
export function PromoCodeField({
  registration,
  codeInput,
  amountInput,
  formError,
  isEnabled,
}: {
  registration: UseFormRegisterReturn;
  codeInput: string;
  amountInput: string;
  formError: string | undefined;
  /** While the dialog is open. */
  isEnabled: boolean;
}) {
  const typedCode = codeInput.trim();
  const settledCode = useDebouncedValue(typedCode, PROMO_PREVIEW_DEBOUNCE_MS);
  const settledAmount = useDebouncedValue(amountInput, PROMO_PREVIEW_DEBOUNCE_MS);
  const parsedCode = promotionCodeSchema.safeParse(settledCode);
  const code = settledCode && parsedCode.success ? parsedCode.data : null;
  // An amount that cannot be paid yet still lets the code be checked: the answer then gives its terms.
  const amountCents = parseDepositAmount(settledAmount);
  const preview = useQuery({ ...promotionPreviewQuery(code ?? '', amountCents), enabled: isEnabled && code !== null });

  // What was checked is what is typed: an answer about an older code or amount says nothing.
  const isCurrent = code !== null && settledCode === typedCode && settledAmount === amountInput && !formError;
  const refusal =
    isCurrent && preview.isError
      ? (promotionRefusal(preview.error) ?? `We could not check this code. ${preview.error.message}`)
      : undefined;
  const error = formError ?? refusal;
  const text = isCurrent && preview.data ? promoPreviewText(preview.data, amountCents) : null;
  const isChecking = isCurrent && preview.isFetching && !preview.data;
  // Without a code, a new client's first top-up may get the welcome offer: said before they pay.
  const welcome = useQuery({ ...welcomeOfferQuery, enabled: isEnabled && typedCode === '' });
  const welcomeOffer = typedCode === '' ? (welcome.data?.offer ?? null) : null;
  const welcomeText =
    welcomeOffer &&
    promoPreviewText(
      { ...welcomeOffer, bonusCents: amountCents === null ? 0 : bonusFor(welcomeOffer, amountCents) },
      amountCents,
    );

  return (
    <FormField
      id={PROMO_ID}
      label="Promo code (optional)"
      error={error}
      hint={text || isChecking ? undefined : 'A code’s bonus credit comes with this top-up.'}
    >
      <Input
        placeholder="Enter a code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="uppercase placeholder:normal-case"
        {...fieldAria(PROMO_ID, error)}
        aria-describedby={error ? `${PROMO_ID}-error` : text ? `${PROMO_ID}-preview` : `${PROMO_ID}-hint`}
        {...registration}
      />
      {isChecking ? (
        <p className="text-xs text-muted-foreground" role="status">
          Checking the code…
        </p>
      ) : null}
      {welcomeText ? (
        <OfferNotice
          testId="welcome-offer"
          headline={`Welcome offer: ${welcomeText.headline}`}
          detail={`On your first top-up, no code needed · ${welcomeText.detail}`}
        />
      ) : null}
      {text && !error ? (
        <OfferNotice id={`${PROMO_ID}-preview`} testId="promo-preview" headline={text.headline} detail={text.detail} />
      ) : null}
    </FormField>
  );
}

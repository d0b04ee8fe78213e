import { paymentsApi } from '@shared/api/payments';
import { formatCents } from '@shared/money';
import { CHECKOUT_TEST_CARDS, sandboxPaySchema } from '@shared/payments';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadFailed } from '@/components/list-states';
import { PageHeading } from '@/components/page-heading';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { callApi } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';

const checkoutQuery = (id: string) =>
  queryOptions({
    queryKey: ['sandbox-checkout', id],
    queryFn: ({ signal }) => callApi(paymentsApi.sandboxCheckout, { params: { id } }, { signal }),
  });

const CARD_ID = 'checkout-card-number';

/**
 * The sandbox's stand-in for Stripe Checkout (no keys, no network): the person types a test card,
 * the sandbox tells our webhook by a signed event as Stripe would, and sends them back to the wallet,
 * where the deposit shows pending until that event has credited it.
 */
export function SandboxCheckoutPage() {
  usePageMeta({ title: 'Checkout (test mode)', description: 'Pay a wallet deposit with a test card.' });
  const { id = '' } = useParams();
  const checkout = useQuery(checkoutQuery(id));
  const [cardNumber, setCardNumber] = useState('');
  const [error, setError] = useState<string | undefined>();
  const pay = useMutation({
    mutationFn: () => callApi(paymentsApi.sandboxPay, { params: { id }, body: { cardNumber } }),
    onSuccess: (result) => {
      if (result.outcome === 'paid') window.location.assign(result.redirectUrl);
      else setError(result.message);
    },
    // The field's own words, never the whole message, which names the API's field ('cardNumber: …').
    onError: (failure) =>
      setError(
        failure instanceof ApiError
          ? (failure.fields?.cardNumber ?? failure.message)
          : 'The payment could not be made. Please try again.',
      ),
  });

  return (
    <div className="mx-auto w-full max-w-md min-w-0 px-4 pb-16">
      <PageHeading title="Checkout" description="Soul Tribe wallet funds" />
      {checkout.isError ? <LoadFailed query={checkout} message="This checkout page could not be loaded." /> : null}
      {checkout.data ? (
        <Card>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <CreditCard className="size-4 text-gold" aria-hidden="true" />
              Pay with card <Badge variant="gold">Test mode</Badge>
            </CardDescription>
            <CardTitle className="text-3xl text-gold tabular-nums" data-testid="checkout-amount">
              {formatCents(checkout.data.amountCents)}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <form
              className="grid gap-4"
              aria-label="Pay with card"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                const checked = sandboxPaySchema.safeParse({ cardNumber });
                setError(checked.success ? undefined : checked.error.issues[0]?.message);
                if (checked.success && !pay.isPending) pay.mutate();
              }}
            >
              <FormField id={CARD_ID} label="Card number" error={error}>
                <Input
                  autoComplete="cc-number"
                  inputMode="numeric"
                  placeholder="4242 4242 4242 4242"
                  value={cardNumber}
                  onChange={(event) => setCardNumber(event.target.value)}
                  {...fieldAria(CARD_ID, error)}
                />
              </FormField>
              <ul className="grid gap-1 text-xs text-muted-foreground" aria-label="Test cards">
                {CHECKOUT_TEST_CARDS.map((card) => (
                  <li key={card.number}>{card.label}</li>
                ))}
              </ul>
              <Button type="submit" disabled={pay.isPending || checkout.data.status !== 'open'}>
                {pay.isPending ? 'Paying…' : `Pay ${formatCents(checkout.data.amountCents)}`}
              </Button>
              <a className="text-center text-sm text-muted-foreground underline" href={checkout.data.cancelUrl}>
                Cancel and go back
              </a>
            </form>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

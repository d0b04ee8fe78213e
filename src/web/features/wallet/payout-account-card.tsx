import { payoutsApi } from '@shared/api/payouts';
import type { PayoutAccountStatus } from '@shared/payments';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { callApi } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { walletQueryKeys } from './query-keys';

const payoutAccountQuery = queryOptions({
  queryKey: walletQueryKeys.payoutAccount,
  queryFn: ({ signal }) => callApi(payoutsApi.account, {}, { signal }),
});

const STATUS: Record<PayoutAccountStatus, { label: string; variant: 'gold' | 'outline' | 'destructive' }> = {
  none: { label: 'Not connected', variant: 'outline' },
  pending: { label: 'Onboarding', variant: 'outline' },
  enabled: { label: 'Enabled', variant: 'gold' },
  restricted: { label: 'Needs attention', variant: 'destructive' },
};

/**
 * A reader's payout account (Stripe Connect Express, decision 039): payouts are sent to it as Stripe
 * transfers. Connecting opens Stripe's onboarding (the sandbox's completes at once); the status
 * follows Stripe's account.updated.
 */
export function PayoutAccountCard() {
  const account = useQuery(payoutAccountQuery);
  const connect = useMutation({
    mutationFn: () => callApi(payoutsApi.connectAccount),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toast.error('Could not open payout onboarding', {
        description: error instanceof ApiError ? error.message : undefined,
      }),
  });
  const status = account.data?.status;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark className="size-5 text-gold" aria-hidden="true" />
          Payout account
          {status ? (
            <Badge variant={STATUS[status].variant} data-testid="payout-account-status">
              {STATUS[status].label}
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>
          Payouts are sent to your bank through Stripe. Connect an account once; we never see your bank details.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {account.data && account.data.requirements.length > 0 ? (
          <p className="text-sm text-muted-foreground">Stripe still needs: {account.data.requirements.join(', ')}.</p>
        ) : null}
        {status && status !== 'enabled' ? (
          <Button className="w-fit" disabled={connect.isPending} onClick={() => connect.mutate()}>
            {status === 'none' ? 'Connect payout account' : 'Continue onboarding'}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

import { promotionsApi } from '@shared/api/promotions';
import { formatCents } from '@shared/money';
import { REFERRAL_QUALIFY_DAYS } from '@shared/promotions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Copy, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { callApi } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { walletQueryKeys } from './query-keys';

export const referralSummaryQuery = queryOptions({
  queryKey: walletQueryKeys.referrals,
  queryFn: ({ signal }) => callApi(promotionsApi.referrals, {}, { signal }),
});

/**
 * 'Invite a friend' (decision 066): the client's link, and what it brings. Hidden while referral credit
 * is off (REFERRAL_CREDIT_CENTS=0) or the link cannot be read.
 */
export function InviteCard() {
  const query = useQuery(referralSummaryQuery);
  const summary = query.data;
  if (!summary || summary.creditCents === 0) return null;
  const link = `${window.location.origin}${summary.path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Invitation link copied');
    } catch {
      toast.error('Could not copy: select the link and copy it');
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-gold" aria-hidden="true" />
          Invite a friend
        </CardTitle>
        <CardDescription>
          When a friend who signs up with your link has topped up by card and {REFERRAL_QUALIFY_DAYS} days have passed,
          you both get {formatCents(summary.creditCents)} of promotional credit.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex gap-2">
          <Input
            readOnly
            value={link}
            aria-label="Your invitation link"
            onFocus={(event) => event.target.select()}
            data-testid="invite-link"
          />
          <Button type="button" variant="outline" onClick={copy} aria-label="Copy the invitation link">
            <Copy aria-hidden="true" />
          </Button>
        </div>
        <p className="text-sm text-muted-foreground" data-testid="invite-counts">
          {summary.referred === 1 ? '1 friend came' : `${summary.referred} friends came`} by your link ·{' '}
          {summary.rewarded} rewarded
        </p>
      </CardContent>
    </Card>
  );
}

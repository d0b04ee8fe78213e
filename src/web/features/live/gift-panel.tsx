import type { Profile } from '@shared/auth';
import { GIFTS } from '@shared/constants';
import type { GiftId } from '@shared/live';
import { formatCents } from '@shared/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { newIdempotencyKey } from '@/features/wallet';
import { ApiError } from '@/lib/api';
import { profileQueryKey, useProfile } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { liveKeys, sendGift } from './api';

const INSUFFICIENT_BALANCE = 'Insufficient balance. Please add funds to your wallet.';

/**
 * 'Send Gift': the six gifts at their prices. Each click is one gift with its own Idempotency-Key,
 * so a retried request never charges twice and two clicks are two gifts.
 */
export function GiftPanel({ streamId }: { streamId: string }) {
  const queryClient = useQueryClient();
  const { data: profile } = useProfile();
  const send = useMutation({
    mutationFn: (giftId: GiftId) => sendGift(streamId, giftId, newIdempotencyKey()),
    onSuccess: (sent) => {
      const gift = GIFTS.find((candidate) => candidate.id === sent.giftId);
      toast.success(`Gift sent! ${gift?.emoji ?? ''}`.trim());
      queryClient.setQueryData<Profile | null>(
        profileQueryKey,
        (current) => current && { ...current, walletBalanceCents: sent.balanceCents },
      );
      // Promotional credit paid first (decision 066): what is left of it is read again.
      if (profile && profile.creditCents > 0) void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: liveKeys.gifts(streamId) });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 402) toast.error(INSUFFICIENT_BALANCE);
      else toast.error('Could not send the gift', { description: error.message });
    },
  });

  const onPick = (giftId: GiftId) => {
    if (!profile) {
      toast.error('Please sign in to send gifts');
      return;
    }
    send.mutate(giftId);
  };

  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2 pb-3">
        <Gift className="size-5 text-gold" aria-hidden="true" />
        <CardTitle>Send Gift</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-3 gap-2" aria-label="Gifts">
          {GIFTS.map((gift) => (
            <li key={gift.id}>
              <button
                type="button"
                disabled={send.isPending}
                onClick={() => onPick(gift.id)}
                aria-label={`Send ${gift.name} for ${formatCents(gift.costCents)}`}
                className="flex h-full w-full cursor-pointer flex-col items-center gap-1 rounded-xl border border-gold/30 bg-gold/5 p-2 text-center transition-colors hover:border-gold hover:bg-gold/15 focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-wait disabled:opacity-60"
              >
                <span className="text-2xl" aria-hidden="true">
                  {gift.emoji}
                </span>
                <span className="text-xs font-semibold leading-tight">{gift.name}</span>
                <span className="text-xs text-gold tabular-nums">{formatCents(gift.costCents)}</span>
              </button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

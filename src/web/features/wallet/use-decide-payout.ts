import type { PayoutDecisionInput } from '@shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { decidePayout } from './api';
import { walletQueryKeys } from './query-keys';

type Decision = PayoutDecisionInput['decision'];

const SUCCESS_MESSAGES: Record<Decision, string> = {
  paid: 'Payout marked as paid',
  rejected: 'Payout rejected',
};

/**
 * An admin's decision on one pending payout. A second click while the first call runs (a double
 * click, before the buttons have re-rendered disabled) is dropped here; the server would refuse it
 * with a 409 anyway. After a success the row stays locked until the refreshed list drops it.
 */
export function useDecidePayout(payoutId: string) {
  const queryClient = useQueryClient();
  const isInFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: (decision: Decision) => decidePayout(payoutId, { decision }),
    onSuccess: (_result, decision) => toast.success(SUCCESS_MESSAGES[decision]),
    onError: (error) => {
      // A 409 means another admin (or tab) decided first: the server says how, and the list is stale.
      if (error instanceof ApiError && error.status === 409) toast.error(error.message);
      else toast.error('Failed to update payout', { description: error.message });
    },
    onSettled: () => {
      isInFlight.current = false;
      return queryClient.invalidateQueries({ queryKey: walletQueryKeys.payouts });
    },
  });
  return {
    isLocked: mutation.isPending || mutation.isSuccess,
    /** The decision being sent (or just made), for the button that says so. */
    lockedDecision: mutation.isPending || mutation.isSuccess ? mutation.variables : undefined,
    decide(decision: Decision) {
      if (isInFlight.current) return;
      isInFlight.current = true;
      mutation.mutate(decision);
    },
  };
}

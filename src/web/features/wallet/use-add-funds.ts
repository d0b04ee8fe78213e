import type { Profile } from '@shared/auth';
import { formatCents } from '@shared/money';
import { ADD_FUNDS_FAILED_MESSAGE, type WalletDepositInput } from '@shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { profileQueryKey } from '@/lib/auth';
import { toast } from '@/lib/toast';
import {
  attemptFor,
  type DepositAttempt,
  depositLimitRefusal,
  failureReason,
  isUnsettled,
  newIdempotencyKey,
} from './add-funds-form';
import { depositToWallet, startCheckout } from './api';
import { promotionRefusal } from './promotions-api';
import { walletQueryKeys } from './query-keys';

/** The dialog's choice for a card not saved yet: paid on the provider's hosted checkout page. */
export const NEW_CARD = 'checkout';

/**
 * Adds funds from a card. Every balance on screen follows at once: the profile (wallet chip, cards)
 * takes the server's new balance from the answer; other tabs hear `wallet_updated`. A second
 * submission while one runs (a double click, before the button has re-rendered disabled) is
 * dropped here, and would be harmless anyway: it would carry the same Idempotency-Key.
 */
export function useAddFunds(
  options: {
    onSuccess?: () => void;
    onLimitReached?: (message: string) => void;
    onPromotionRefused?: (message: string) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  const attempt = useRef<DepositAttempt | null>(null);
  const isInFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: async (input: WalletDepositInput & { saveCard?: boolean }) => {
      attempt.current = attemptFor(
        attempt.current,
        input.amountCents,
        input.paymentMethodId,
        newIdempotencyKey,
        input.promoCode,
      );
      if (input.paymentMethodId !== NEW_CARD) return depositToWallet(input, attempt.current.idempotencyKey);
      // Money arrives only by the provider's signed event: the page leaves for checkout, and the
      // wallet shows the deposit pending on return until the webhook has credited it (and any bonus with it).
      const { url } = await startCheckout(
        { amountCents: input.amountCents, saveCard: input.saveCard === true, promoCode: input.promoCode },
        attempt.current.idempotencyKey,
      );
      window.location.assign(url);
      return null;
    },
    onSuccess: (result, input) => {
      if (!result) return;
      attempt.current = null;
      queryClient.setQueryData<Profile | null>(
        profileQueryKey,
        (profile) => profile && { ...profile, walletBalanceCents: result.balanceCents },
      );
      void queryClient.invalidateQueries({ queryKey: walletQueryKeys.all });
      // A code's bonus came with the deposit: the profile's credit is read again.
      if (input.promoCode) void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      toast.success(`Successfully added ${formatCents(result.amountCents)} to your wallet`);
      options.onSuccess?.();
    },
    onError: (error) => {
      if (!isUnsettled(error)) attempt.current = null;
      // The client's own limit, not a failure: said beside the amount, where they can change it.
      const limitMessage = depositLimitRefusal(error);
      if (limitMessage && options.onLimitReached) return options.onLimitReached(limitMessage);
      // A promotion code refused before any payment: said beside the code, which can be changed or cleared.
      const promotionMessage = promotionRefusal(error);
      if (promotionMessage && options.onPromotionRefused) return options.onPromotionRefused(promotionMessage);
      toast.error(ADD_FUNDS_FAILED_MESSAGE, { description: failureReason(error) });
    },
    onSettled: () => {
      isInFlight.current = false;
    },
  });
  return {
    isPending: mutation.isPending,
    addFunds(input: WalletDepositInput & { saveCard?: boolean }) {
      if (isInFlight.current) return;
      isInFlight.current = true;
      mutation.mutate(input);
    },
  };
}

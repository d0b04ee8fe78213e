import { formatCents } from '@shared/money';
import type { ShippingAddress } from '@shared/shipping';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { newIdempotencyKey } from '@/features/wallet';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { placeOrder, useOrderPlaced } from './api';
import { type CartLine, orderItems } from './cart';
import { dispatchCart } from './cart-store';
import {
  type CheckoutAttempt,
  type CheckoutProblem,
  cartSignature,
  checkoutAttemptFor,
  checkoutProblem,
} from './checkout';

/**
 * Pays for the cart from the wallet. A second press while one runs is dropped here, and would be
 * harmless anyway: the same cart carries the same Idempotency-Key until an order is placed.
 */
export function useCheckout({ onPlaced }: { onPlaced: () => void }) {
  const navigate = useNavigate();
  const orderPlaced = useOrderPlaced();
  const attempt = useRef<CheckoutAttempt | null>(null);
  const isInFlight = useRef(false);
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const mutation = useMutation({
    mutationFn: ({ lines, shippingAddress }: { lines: readonly CartLine[]; shippingAddress?: ShippingAddress }) => {
      const items = orderItems(lines);
      attempt.current = checkoutAttemptFor(attempt.current, cartSignature(items), newIdempotencyKey);
      return placeOrder({ items, shippingAddress }, attempt.current.idempotencyKey);
    },
    onSuccess: (order) => {
      attempt.current = null;
      dispatchCart({ type: 'clear' });
      orderPlaced(order.balanceCents);
      toast.success(`Order placed: ${formatCents(order.totalCents)} paid from your wallet`);
      onPlaced();
      void navigate(paths.shopOrders);
    },
    onError: (error) => setProblem(checkoutProblem(error)),
    onSettled: () => {
      isInFlight.current = false;
    },
  });
  return {
    isPending: mutation.isPending,
    problem,
    clearProblem: () => setProblem(null),
    /** Physical items go with the address; the cart's signature alone keys the attempt, so a retry never pays twice. */
    checkout(lines: readonly CartLine[], shippingAddress?: ShippingAddress) {
      if (isInFlight.current || lines.length === 0) return;
      isInFlight.current = true;
      setProblem(null);
      mutation.mutate({ lines, shippingAddress });
    },
  };
}

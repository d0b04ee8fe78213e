import { useEffect } from 'react';
import { useProfile } from '@/lib/auth';
import { fetchAccountCart, mergeAccountCart, putAccountCart } from './api';
import { currentCartLines, onCartChangedByUser, replaceCartLines } from './cart-store';
import { browserOwner, browserUnsent, startCartSync } from './cart-sync';

/** Keeps the browser's cart and the signed-in account's cart the same (decision 043). */
export function useCartSync() {
  const { data: profile } = useProfile();
  // Unknown (loading, or the profile failed to load) is not signed out: the cart is left as it is.
  const userId = profile === undefined ? undefined : (profile?.id ?? null);
  useEffect(() => {
    if (userId === undefined) return;
    return startCartSync(userId, {
      fetchCart: fetchAccountCart,
      putCart: putAccountCart,
      mergeCart: mergeAccountCart,
      lines: currentCartLines,
      replace: replaceCartLines,
      onUserChange: onCartChangedByUser,
      owner: browserOwner,
      unsent: browserUnsent,
      debounceMs: 400,
    });
  }, [userId]);
}

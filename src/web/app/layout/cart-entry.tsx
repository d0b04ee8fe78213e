import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { onCartChanged, storedCartMayHaveLines } from '@/features/shop/cart-signal';
import { useProfile } from '@/lib/auth';

/** The cart reads and checks stored lines with zod, and holds the dialog and checkout: ~45 KB gzip. */
const loadCartButton = () => import('@/features/shop/cart-button');
const CartButton = lazy(() => loadCartButton().then((module) => ({ default: module.CartButton })));

/**
 * The header's cart. An empty cart is a plain button until someone points at it, presses it or
 * fills the cart (in this tab or another): only then does the cart's code download, so a first
 * visit does not wait for it. A stored cart loads it at once, to show its count, and so does a
 * signed-in person: their cart lives on their account (decision 043) and is merged and shown at once.
 */
export function CartEntry() {
  const { data: profile } = useProfile();
  const [isWanted, setWanted] = useState(storedCartMayHaveLines);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const loaded = isWanted || Boolean(profile);

  useEffect(() => (loaded ? undefined : onCartChanged(() => setWanted(true))), [loaded]);

  if (loaded) {
    return (
      <Suspense
        fallback={
          <Button variant="ghost" size="icon" disabled aria-label="Cart">
            <ShoppingCart aria-hidden="true" />
          </Button>
        }
      >
        <CartButton initiallyOpen={openOnLoad} />
      </Suspense>
    );
  }
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Cart, empty"
      onPointerEnter={loadCartButton}
      onFocus={loadCartButton}
      onClick={() => {
        setOpenOnLoad(true);
        setWanted(true);
      }}
    >
      <ShoppingCart aria-hidden="true" />
    </Button>
  );
}

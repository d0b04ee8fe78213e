import { formatCents } from '@shared/money';
import { Minus, Plus, ShoppingBag, ShoppingCart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useProfile } from '@/lib/auth';
import { loginPath, paths } from '@/lib/paths';
import { type CartLine, cartCount, cartTotalCents, maxQuantity } from './cart';
import { dispatchCart, useCart } from './cart-store';
import { ProductImage } from './product-image';
import { type AddressErrors, checkAddress, ShippingAddressForm, useShippingAddress } from './shipping-address-form';
import { useCartSync } from './use-cart-sync';
import { useCheckout } from './use-checkout';

function QuantityControl({ line }: { line: CartLine }) {
  const setQuantity = (quantity: number) => dispatchCart({ type: 'setQuantity', productId: line.productId, quantity });
  return (
    <div className="flex items-center rounded-full border border-border">
      <Button
        variant="ghost"
        size="icon"
        className="size-8 rounded-full"
        disabled={line.quantity <= 1}
        onClick={() => setQuantity(line.quantity - 1)}
        aria-label={`Decrease quantity of ${line.name}`}
      >
        <Minus aria-hidden="true" />
      </Button>
      <span className="w-8 text-center text-sm font-semibold tabular-nums" data-testid="cart-quantity">
        {line.quantity}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 rounded-full"
        disabled={line.quantity >= maxQuantity(line)}
        onClick={() => setQuantity(line.quantity + 1)}
        aria-label={`Increase quantity of ${line.name}`}
      >
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}

function CartLineItem({ line }: { line: CartLine }) {
  return (
    <li className="flex gap-3 py-4" data-testid="cart-line">
      <ProductImage imageUrl={line.imageUrl} category={line.category} className="size-16 shrink-0 rounded-lg" />
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold leading-snug [overflow-wrap:anywhere]">{line.name}</p>
            <p className="text-sm text-muted-foreground">
              {formatCents(line.priceCents)} each{line.isDigital ? ' · Digital' : ''}
            </p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0"
            onClick={() => dispatchCart({ type: 'remove', productId: line.productId })}
            aria-label={`Remove ${line.name}`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
        <div className="flex items-center justify-between gap-2">
          <QuantityControl line={line} />
          <span className="font-semibold text-gold tabular-nums">{formatCents(line.priceCents * line.quantity)}</span>
        </div>
      </div>
    </li>
  );
}

function CartContents({ onClose, checkout }: { onClose: () => void; checkout: ReturnType<typeof useCheckout> }) {
  const lines = useCart();
  const { data: profile } = useProfile();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { isPending, problem } = checkout;
  const totalCents = cartTotalCents(lines);
  const needsAddress = Boolean(profile) && lines.some((line) => !line.isDigital);
  const shipping = useShippingAddress(needsAddress);
  const [addressErrors, setAddressErrors] = useState<AddressErrors>({});

  if (lines.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 py-10 text-center">
        <ShoppingBag className="size-12 text-muted-foreground" aria-hidden="true" />
        <p className="text-lg font-semibold">Your cart is empty</p>
        <Button asChild variant="outline" onClick={onClose}>
          <Link to={paths.shop}>Browse the Shop</Link>
        </Button>
      </div>
    );
  }

  const onCheckout = () => {
    if (!profile) {
      onClose();
      void navigate(loginPath(`${pathname}${search}`));
      return;
    }
    if (!needsAddress) {
      checkout.checkout(lines);
      return;
    }
    const checked = checkAddress(shipping.address);
    if ('errors' in checked) {
      setAddressErrors(checked.errors);
      // The first field to fix takes the focus, as its message is read out beside it.
      document.getElementById(`ship-${Object.keys(checked.errors)[0]}`)?.focus();
      return;
    }
    setAddressErrors({});
    checkout.checkout(lines, checked.address);
  };

  return (
    <div className="grid gap-4">
      <ul className="divide-y divide-border" aria-label="Cart items">
        {lines.map((line) => (
          <CartLineItem key={line.productId} line={line} />
        ))}
      </ul>
      <div className="grid gap-1 border-t border-border pt-4">
        <div className="flex items-center justify-between text-lg font-semibold">
          <span>Total</span>
          <span className="text-gold tabular-nums" data-testid="cart-total">
            {formatCents(totalCents)}
          </span>
        </div>
        {profile ? (
          <p className="text-sm text-muted-foreground">
            Paid from your wallet: {formatCents(profile.walletBalanceCents)} available
            {profile.creditCents > 0
              ? `, and ${formatCents(profile.creditCents)} of promotional credit, spent first`
              : null}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Sign in to pay from your wallet. Your cart stays here.</p>
        )}
      </div>
      {needsAddress ? (
        <ShippingAddressForm
          address={shipping.address}
          errors={addressErrors}
          isSaved={shipping.isSaved}
          onChange={shipping.change}
        />
      ) : null}
      {problem ? (
        <Alert variant="destructive" role="alert" className="flex-col items-stretch gap-2">
          {problem.kind === 'insufficient' ? (
            <>
              <span className="font-semibold">Insufficient balance</span>
              <span className="font-normal">
                Your wallet does not cover this order. Add funds and check out again; your cart is kept.
              </span>
              <Button asChild size="sm" variant="outline" className="self-start" onClick={onClose}>
                <Link to={paths.dashboardWallet}>Add Funds</Link>
              </Button>
            </>
          ) : (
            <span>{problem.message}</span>
          )}
        </Alert>
      ) : null}
      <Button size="lg" disabled={isPending} onClick={onCheckout}>
        {isPending ? 'Placing order…' : profile ? 'Checkout' : 'Sign In to Checkout'}
      </Button>
    </div>
  );
}

/**
 * The header's cart: its count, and a dialog with the lines, their quantities, the total and
 * Checkout. `initiallyOpen`: the header's stand-in was pressed while this code downloaded.
 */
export function CartButton({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  useCartSync();
  const lines = useCart();
  const [open, setOpen] = useState(initiallyOpen);
  // Kept by the button, not the dialog: reopening the cart to retry the same order reuses its key.
  const checkout = useCheckout({ onPlaced: () => setOpen(false) });
  const count = cartCount(lines);
  const openCart = () => {
    checkout.clearProblem();
    setOpen(true);
  };
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        onClick={openCart}
        aria-label={count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      >
        <ShoppingCart aria-hidden="true" />
        {count > 0 ? (
          <span
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-pink px-1 text-xs font-bold text-white tabular-nums"
            data-testid="cart-count"
            aria-hidden="true"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Your Cart</DialogTitle>
            <DialogDescription>
              {count === 0
                ? 'Nothing here yet.'
                : `${count} ${count === 1 ? 'item' : 'items'}, paid from your Soul Tribe wallet.`}
            </DialogDescription>
          </DialogHeader>
          {open ? <CartContents onClose={() => setOpen(false)} checkout={checkout} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

import { formatCents } from '@shared/money';
import type { Product } from '@shared/shop';
import { Eye, EyeOff, ShoppingCart, Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ReasonDialog } from '@/components/reason-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { readerProfilePath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useSetProductHidden } from './api';
import { canAdd, maxQuantity } from './cart';
import { dispatchCart, useCart } from './cart-store';
import { ProductImage } from './product-image';

/** Physical goods say when few or none are left; digital ones never run out. */
export function stockLabel(stock: number | null): string | null {
  if (stock === null || stock > 5) return null;
  return stock === 0 ? 'Out of stock' : `Only ${stock} left`;
}

function Rating({ rating, reviewCount }: Pick<Product, 'rating' | 'reviewCount'>) {
  if (rating === null) return <span className="text-sm text-muted-foreground">No reviews yet</span>;
  return (
    <span className="flex items-center gap-1 text-sm">
      <Star className="size-4 fill-current text-gold" aria-hidden="true" />
      <span className="sr-only">{`Rated ${rating.toFixed(1)} out of 5 from ${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'}`}</span>
      <span className="font-semibold" aria-hidden="true">
        {rating.toFixed(1)}
      </span>
      <span className="text-muted-foreground" aria-hidden="true">
        ({reviewCount})
      </span>
    </span>
  );
}

/** Hiding asks the admin why (its seller reads the reason); showing it again does not. */
function HideButton({ product }: { product: Product }) {
  const setHidden = useSetProductHidden();
  const [isAsking, setIsAsking] = useState(false);
  const unhide = () =>
    setHidden.mutate(
      { id: product.id, isHidden: false },
      {
        onSuccess: (updated) => toast.success(`"${updated.name}" is back in the shop`),
        onError: (error) => toast.error('Could not change the product', { description: error.message }),
      },
    );
  return (
    <>
      <Button
        variant="outline"
        disabled={setHidden.isPending}
        onClick={product.isHidden ? unhide : () => setIsAsking(true)}
        aria-describedby={`product-${product.id}`}
      >
        {product.isHidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
        {product.isHidden ? 'Unhide' : 'Hide'}
      </Button>
      <ReasonDialog
        open={isAsking}
        onOpenChange={setIsAsking}
        title="Hide this product?"
        description="It leaves the shop and no one can buy it. Its seller sees it in their Products tab, with your reason. You can show it again later."
        confirmLabel="Hide Product"
        onConfirm={async (reason) => {
          const updated = await setHidden.mutateAsync({ id: product.id, isHidden: true, reason });
          toast.success(`"${updated.name}" is hidden from the shop`);
        }}
      />
    </>
  );
}

/** One product of the shop: what it is, who sells it, its rating, price and stock, and Add to Cart. */
export function ProductCard({
  product,
  isAdmin,
  viewerId,
}: {
  product: Product;
  isAdmin: boolean;
  viewerId: string | null;
}) {
  const lines = useCart();
  const isSoldOut = maxQuantity(product) === 0;
  // The server refuses a seller buying their own product; the card says so before the cart does.
  const isOwn = product.seller !== null && product.seller.id === viewerId;
  const stock = stockLabel(product.stock);
  const titleId = `product-${product.id}`;

  const add = () => {
    if (!canAdd(lines, product)) {
      toast.info('You already have all we can sell of this in your cart');
      return;
    }
    dispatchCart({ type: 'add', product });
    toast.success(`Added "${product.name}" to your cart`);
  };

  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="product-card" aria-labelledby={titleId}>
      <div className="relative">
        <ProductImage imageUrl={product.imageUrl} category={product.category} className="aspect-[16/10] w-full" />
        <div className="absolute top-3 left-3 flex flex-wrap gap-2">
          {product.isDigital ? <Badge className="shadow">Digital</Badge> : null}
          {product.isHidden ? <Badge variant="destructive">Hidden</Badge> : null}
        </div>
      </div>
      <CardContent className="flex flex-1 flex-col gap-2 pt-4">
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">
            {product.seller ? (
              <>
                by{' '}
                <Link
                  to={readerProfilePath(product.seller.username)}
                  className="font-semibold text-pink underline-offset-4 hover:underline"
                >
                  {product.seller.name}
                </Link>
              </>
            ) : (
              <>
                by <span className="font-semibold text-foreground">Soul Tribe</span>
              </>
            )}
          </span>
          <Badge variant="outline">{product.category}</Badge>
        </div>
        <h2 id={titleId} className="text-lg font-semibold leading-snug [overflow-wrap:anywhere]">
          {product.name}
        </h2>
        {product.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p>
        ) : null}
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          <div className="grid gap-1">
            <Rating rating={product.rating} reviewCount={product.reviewCount} />
            {stock ? (
              <span
                className={isSoldOut ? 'text-sm font-semibold text-destructive' : 'text-sm font-semibold text-gold'}
                data-testid="product-stock"
              >
                {stock}
              </span>
            ) : null}
          </div>
          <span className="text-xl font-bold text-gold" data-testid="product-price">
            {formatCents(product.priceCents)}
          </span>
        </div>
      </CardContent>
      <CardFooter className="gap-2">
        <Button className="flex-1" disabled={isSoldOut || isOwn} onClick={add} aria-describedby={titleId}>
          <ShoppingCart aria-hidden="true" />
          {isOwn ? 'Your Product' : 'Add to Cart'}
        </Button>
        {isAdmin ? <HideButton product={product} /> : null}
      </CardFooter>
    </Card>
  );
}

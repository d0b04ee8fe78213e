import { formatCents } from '@shared/money';
import type { MyProduct } from '@shared/shop';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { myProductsQuery } from './api';
import { stockLabel } from './product-card';
import { ProductDialog } from './product-dialog';
import { ProductImage } from './product-image';

function MyProductRow({ product, onEdit }: { product: MyProduct; onEdit: () => void }) {
  const titleId = `my-product-${product.id}`;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center" data-testid="my-product">
      <ProductImage
        imageUrl={product.imageUrl}
        category={product.category}
        className="hidden size-14 shrink-0 rounded-lg sm:flex"
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span id={titleId} className="[overflow-wrap:anywhere]">
            {product.name}
          </span>
          {product.isDigital ? <Badge>Digital</Badge> : null}
          {product.isHidden ? <Badge variant="destructive">Hidden by an admin</Badge> : null}
        </p>
        {product.isHidden && product.moderationReason ? (
          <p className="text-sm text-destructive [overflow-wrap:anywhere]" data-testid="my-product-reason">
            Reason: {product.moderationReason}
          </p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          <span>{product.category}</span>·
          <span className="font-semibold text-gold">{formatCents(product.priceCents)}</span>
          {product.isDigital ? null : (
            <>
              ·<span>{stockLabel(product.stock) ?? `${product.stock} in stock`}</span>
            </>
          )}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-center"
        onClick={onEdit}
        aria-describedby={titleId}
      >
        <Pencil aria-hidden="true" />
        Edit
      </Button>
    </li>
  );
}

/** The reader dashboard's Products tab: their own products, hidden ones included, to add and edit. */
export function MyProducts() {
  const products = useQuery(myProductsQuery);
  const [dialog, setDialog] = useState<{ open: boolean; product: MyProduct | null }>({ open: false, product: null });
  const openDialog = (product: MyProduct | null) => setDialog({ open: true, product });
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>My products</CardTitle>
          <CardDescription>
            Sell courses, decks and crystals in the Soul Tribe shop. You earn 70% of each sale.
          </CardDescription>
        </div>
        <Button onClick={() => openDialog(null)}>
          <Plus aria-hidden="true" />
          Add Product
        </Button>
      </CardHeader>
      <CardContent>
        {products.isPending ? (
          <ListSkeleton label="Loading your products" rowClassName="h-16" />
        ) : products.isError ? (
          <LoadFailed query={products} message="We could not load your products." />
        ) : products.data.products.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">
            No products yet. Press Add Product to list your first one.
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label="My products">
            {products.data.products.map((product) => (
              <MyProductRow key={product.id} product={product} onEdit={() => openDialog(product)} />
            ))}
          </ul>
        )}
      </CardContent>
      <ProductDialog
        open={dialog.open}
        product={dialog.product}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
    </Card>
  );
}

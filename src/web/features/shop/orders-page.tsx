import { formatCents } from '@shared/money';
import type { Order } from '@shared/shop';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, PackageOpen, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { PageHeading } from '@/components/page-heading';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useProfile } from '@/lib/auth';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { ordersQuery } from './api';
import { contentParts } from './digital-content';
import { AddressLines, OrderShipmentStatus } from './order-shipment';
import { SalesList } from './sales-list';

const orderDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What a digital product delivers, with its http(s) links clickable; shown once the buyer opens it. */
function DigitalContent({ id, content }: { id: string; content: string }) {
  return (
    <p
      id={id}
      className="mt-2 rounded-lg border border-border bg-muted/40 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]"
      data-testid="digital-content"
    >
      {contentParts(content).map((part, index) =>
        part.kind === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
            key={index}
            href={part.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold text-pink underline underline-offset-4"
          >
            {part.url}
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function OrderLine({ orderId, item }: { orderId: string; item: Order['items'][number] }) {
  const [isOpen, setIsOpen] = useState(false);
  const contentId = `content-${orderId}-${item.productId}`;
  return (
    <li className="py-3" data-testid="order-line">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold [overflow-wrap:anywhere]">
            <span id={`${contentId}-name`}>{item.name}</span>{' '}
            {item.isDigital ? <Badge className="ml-1 align-middle">Digital</Badge> : null}
          </p>
          <p className="text-sm text-muted-foreground tabular-nums">
            {item.quantity} × {formatCents(item.unitPriceCents)}
          </p>
        </div>
        <div className="flex items-center gap-3">
          {item.isDigital && item.digitalContent ? (
            <Button
              variant="outline"
              size="sm"
              aria-expanded={isOpen}
              aria-controls={contentId}
              onClick={() => setIsOpen((open) => !open)}
              aria-describedby={`${contentId}-name`}
            >
              <PackageOpen aria-hidden="true" />
              {isOpen ? 'Close' : 'Open'}
            </Button>
          ) : null}
          <span className="font-semibold text-gold tabular-nums">
            {formatCents(item.unitPriceCents * item.quantity)}
          </span>
        </div>
      </div>
      {isOpen && item.digitalContent ? <DigitalContent id={contentId} content={item.digitalContent} /> : null}
    </li>
  );
}

function OrderCard({ order }: { order: Order }) {
  return (
    <Card data-testid="order">
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-2 pb-2">
        <h2 className="font-semibold">{orderDate.format(new Date(order.createdAt))}</h2>
        <span className="text-xs text-muted-foreground">Order {order.id.slice(0, 8)}</span>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border" aria-label="Items">
          {order.items.map((item) => (
            <OrderLine key={item.productId} orderId={order.id} item={item} />
          ))}
        </ul>
        {order.shipments.length > 0 ? (
          <div className="grid gap-3 border-t border-border py-3">
            {order.shipments.map((shipment) => (
              <OrderShipmentStatus
                key={shipment.id}
                shipment={shipment}
                itemNames={order.items
                  .filter((item) => shipment.productIds.includes(item.productId))
                  .map((item) => item.name)}
              />
            ))}
            {order.shippingAddress ? (
              <div className="grid gap-1">
                <p className="text-sm font-semibold">Ship to</p>
                <AddressLines address={order.shippingAddress} />
              </div>
            ) : null}
          </div>
        ) : null}
        <div className="flex items-center justify-between border-t border-border pt-3 font-semibold">
          <span>Total</span>
          <span className="text-lg text-gold tabular-nums" data-testid="order-total">
            {formatCents(order.totalCents)}
          </span>
        </div>
      </CardContent>
    </Card>
  );
}

export function OrdersPage() {
  usePageMeta({ title: 'My Orders', description: 'Your Soul Tribe shop orders and your digital purchases.' });
  const orders = useQuery(ordersQuery);
  // An admin looks for the shop's orders here: Soul Tribe's own to ship come before their purchases.
  const isAdmin = useProfile().data?.role === 'admin';
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 pb-16 sm:px-6">
      <PageHeading title="My Orders" description="Everything you bought in the shop, with your courses and downloads.">
        <Button asChild variant="outline">
          <Link to={paths.shop}>
            <ShoppingBag aria-hidden="true" />
            Back to the Shop
          </Link>
        </Button>
      </PageHeading>
      {isAdmin ? <SalesList isAdminView /> : null}
      {isAdmin ? <h2 className="text-xl font-semibold">Your own purchases</h2> : null}
      {orders.isPending ? (
        <ListSkeleton label="Loading orders" rowClassName="h-40" />
      ) : orders.isError ? (
        <LoadFailed query={orders} message="We could not load your orders." />
      ) : orders.data.orders.length === 0 ? (
        <div className="flex flex-col items-center gap-4 py-16 text-center">
          <ShoppingBag className="size-12 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">No orders yet</p>
          <p className="text-muted-foreground">Crystals, tarot decks and courses are waiting in the shop.</p>
          <Button asChild>
            <Link to={paths.shop}>Visit the Shop</Link>
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4" aria-label="Orders">
          {orders.data.orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

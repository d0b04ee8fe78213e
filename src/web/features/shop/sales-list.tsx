import { formatCents } from '@shared/money';
import { type SellerShipment, SHIPMENT_STATUS_LABELS } from '@shared/shipping';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, PackageCheck, Truck } from 'lucide-react';
import { useState } from 'react';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { salesQuery, useShipmentStep } from './api';
import { AddressLines, STATUS_BADGE, shipDate } from './order-shipment';

/** Mark shipped, with an optional carrier and tracking number, or Mark delivered. */
function ShipmentActions({ shipment }: { shipment: SellerShipment }) {
  const step = useShipmentStep();
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = (ship?: { carrier: string; trackingNumber: string }) =>
    step.mutate(
      { id: shipment.id, ship },
      {
        onSuccess: (updated) => {
          setErrors({});
          toast.success(
            updated.status === 'shipped' ? `Marked shipped: ${updated.buyerName} has been told` : 'Marked delivered',
          );
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          else toast.error(error.message);
        },
      },
    );
  if (shipment.status === 'shipped') {
    return (
      <Button
        size="sm"
        variant="outline"
        className="justify-self-start"
        disabled={step.isPending}
        onClick={() => run()}
      >
        <PackageCheck aria-hidden="true" />
        Mark delivered
      </Button>
    );
  }
  if (shipment.status !== 'paid') return null;
  const carrierId = `carrier-${shipment.id}`;
  const trackingId = `tracking-${shipment.id}`;
  return (
    <form
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        run({ carrier, trackingNumber });
      }}
    >
      <FormField id={carrierId} label="Carrier (optional)" error={errors.carrier}>
        <Input
          {...fieldAria(carrierId, errors.carrier)}
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
        />
      </FormField>
      <FormField id={trackingId} label="Tracking number (optional)" error={errors.trackingNumber}>
        <Input
          {...fieldAria(trackingId, errors.trackingNumber)}
          value={trackingNumber}
          onChange={(event) => setTrackingNumber(event.target.value)}
        />
      </FormField>
      <Button type="submit" size="sm" className="h-10" disabled={step.isPending}>
        <Truck aria-hidden="true" />
        Mark shipped
      </Button>
    </form>
  );
}

function SaleRow({ shipment, isAdminView }: { shipment: SellerShipment; isAdminView: boolean }) {
  return (
    <li className="grid gap-3 py-4" data-testid="sale">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{shipDate.format(new Date(shipment.paidAt))}</span>
        <span className="text-xs text-muted-foreground">Order {shipment.orderId.slice(0, 8)}</span>
        <Badge variant={STATUS_BADGE[shipment.status]} data-testid="sale-status">
          {SHIPMENT_STATUS_LABELS[shipment.status]}
        </Badge>
        {shipment.isOverdue ? (
          <Badge variant="destructive" data-testid="sale-overdue">
            <AlertTriangle className="size-3" aria-hidden="true" />
            Not shipped by {shipDate.format(new Date(shipment.shipByAt))}
          </Badge>
        ) : null}
        {shipment.status === 'paid' && !shipment.isOverdue ? (
          <span className="text-sm text-muted-foreground">Ship by {shipDate.format(new Date(shipment.shipByAt))}</span>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid content-start gap-1">
          <p className="text-sm font-semibold">Items · {formatCents(shipment.itemsCents)}</p>
          <ul className="text-sm">
            {shipment.items.map((item) => (
              <li key={item.productId}>
                {item.quantity} × {item.name}
              </li>
            ))}
          </ul>
          {isAdminView ? (
            <p className="text-sm text-muted-foreground">Sold by {shipment.sellerName ?? 'Soul Tribe'}</p>
          ) : null}
        </div>
        <div className="grid content-start gap-1">
          <p className="text-sm font-semibold">Ship to {shipment.buyerName}</p>
          <AddressLines address={shipment.address} />
        </div>
      </div>
      {shipment.trackingNumber || shipment.carrier ? (
        <p className="text-sm">
          {shipment.carrier ?? 'Carrier not given'} · {shipment.trackingNumber ?? 'no tracking number'}
        </p>
      ) : null}
      {shipment.status === 'cancelled' ? (
        <p className="text-sm text-destructive">
          Cancelled by the buyer: {formatCents(shipment.refundedCents)} refunded
          {shipment.platformCarriedCents > 0
            ? `; Soul Tribe carried ${formatCents(shipment.platformCarriedCents)} of the seller's share (already paid out)`
            : ''}
          .
        </p>
      ) : null}
      <ShipmentActions shipment={shipment} />
    </li>
  );
}

/**
 * The orders a seller ships (decision 043): a reader's own sales, or for an admin Soul Tribe's own and
 * every cancel whose refund the platform carried. Those still to ship come first.
 */
export function SalesList({ isAdminView = false }: { isAdminView?: boolean }) {
  const sales = useQuery(salesQuery(isAdminView));
  const toShip = sales.data?.shipments.filter((s) => s.status === 'paid').length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{isAdminView ? 'Shop orders to ship' : 'Orders to ship'}</CardTitle>
        <CardDescription>
          {isAdminView
            ? "Soul Tribe's own physical products, and refunds the platform carried for sellers."
            : 'Physical items your buyers paid for. Ship each by the date it shows; after that its buyer may cancel for a full refund.'}
          {sales.data ? ` ${toShip} to ship.` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sales.isPending ? (
          <ListSkeleton label="Loading orders" rowClassName="h-24" />
        ) : sales.isError ? (
          <LoadFailed query={sales} message="We could not load your orders." />
        ) : sales.data.shipments.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">No orders of physical items yet.</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={isAdminView ? 'Shop orders' : 'Orders to ship'}>
            {sales.data.shipments.map((shipment) => (
              <SaleRow key={shipment.id} shipment={shipment} isAdminView={isAdminView} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

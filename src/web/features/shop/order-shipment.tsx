import { formatCents } from '@shared/money';
import {
  type OrderShipment,
  SHIPMENT_STATUS_LABELS,
  type ShipmentStatus,
  type ShippingAddress,
} from '@shared/shipping';
import { Truck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useCancelShipment } from './api';

export const shipDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export const STATUS_BADGE: Record<ShipmentStatus, 'pink' | 'gold' | 'destructive' | 'outline'> = {
  paid: 'outline',
  shipped: 'pink',
  delivered: 'gold',
  cancelled: 'destructive',
};

/** An address as a label prints it. */
export function AddressLines({ address }: { address: ShippingAddress }) {
  return (
    <address className="text-sm not-italic [overflow-wrap:anywhere]" data-testid="ship-to">
      {address.name}
      <br />
      {address.street}
      <br />
      {address.city}, {address.region} {address.postalCode}
      <br />
      {address.country}
    </address>
  );
}

/** Where a shipment is, as its buyer sees it: status, tracking, and the cancel once it is overdue. */
export function OrderShipmentStatus({ shipment, itemNames }: { shipment: OrderShipment; itemNames: string[] }) {
  const cancel = useCancelShipment();
  const onCancel = () =>
    cancel.mutate(shipment.id, {
      onSuccess: (result) =>
        toast.success(`Order cancelled: ${formatCents(result.refundedCents)} is back in your wallet`),
      onError: (error) => toast.error(error.message),
    });
  return (
    <div className="grid gap-2 rounded-lg border border-border bg-muted/30 p-3" data-testid="order-shipment">
      <div className="flex flex-wrap items-center gap-2">
        <Truck className="size-4 text-muted-foreground" aria-hidden="true" />
        <Badge variant={STATUS_BADGE[shipment.status]} data-testid="shipment-status">
          {SHIPMENT_STATUS_LABELS[shipment.status]}
        </Badge>
        <span className="text-sm text-muted-foreground">
          {itemNames.join(', ')} · from {shipment.sellerName ?? 'Soul Tribe'}
        </span>
      </div>
      {shipment.status === 'shipped' || shipment.status === 'delivered' ? (
        <p className="text-sm" data-testid="shipment-tracking">
          Shipped {shipment.shippedAt ? shipDate.format(new Date(shipment.shippedAt)) : ''}
          {shipment.carrier ? ` with ${shipment.carrier}` : ''}
          {shipment.trackingNumber ? (
            <>
              {' · Tracking number '}
              <span className="font-mono font-semibold">{shipment.trackingNumber}</span>
            </>
          ) : (
            ' · No tracking number'
          )}
        </p>
      ) : null}
      {shipment.status === 'cancelled' ? (
        <p className="text-sm">Refunded {formatCents(shipment.refundedCents)} to your wallet.</p>
      ) : null}
      {shipment.status === 'paid' && !shipment.isOverdue ? (
        <p className="text-sm text-muted-foreground">
          The seller ships by {shipDate.format(new Date(shipment.shipByAt))}.
        </p>
      ) : null}
      {shipment.isOverdue ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-destructive">
            Not shipped by {shipDate.format(new Date(shipment.shipByAt))}. You may cancel for a full refund of{' '}
            {formatCents(shipment.itemsCents)}.
          </p>
          <Button variant="outline" size="sm" disabled={cancel.isPending} onClick={onCancel}>
            Cancel and refund
          </Button>
        </div>
      ) : null}
    </div>
  );
}

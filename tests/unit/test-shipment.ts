import type { SellerShipment } from '../../src/shared/shipping';

/** A paid shipment of a Crystal Set, due to ship by Nov 27, 2026, for component tests. */
export const testShipment = {
  id: 'sh-1',
  orderId: 'order-1234567890',
  status: 'paid',
  carrier: null,
  trackingNumber: null,
  paidAt: '2026-11-20T12:00:00.000Z',
  shipByAt: '2026-11-27T12:00:00.000Z',
  isOverdue: false,
  shippedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  itemsCents: 4499,
  refundedCents: 0,
} as const;
const address = {
  name: 'Rowan Vale',
  street: '7 Willow Court',
  city: 'Asheville',
  region: 'North Carolina',
  postalCode: '28801',
  country: 'United States',
};
/** The same as its seller, Isla, sees it. */
export const testSale: SellerShipment = {
  ...testShipment,
  buyerName: 'Rowan Vale',
  sellerName: 'Isla Fairweather',
  address,
  items: [{ productId: 'p1', name: 'Crystal Set', quantity: 1 }],
  platformCarriedCents: 0,
};

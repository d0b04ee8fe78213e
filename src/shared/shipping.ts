import { z } from './zod-config';

/**
 * Physical orders that ship (docs/decisions/043): the address a physical item goes to,
 * and each seller's part of an order moving paid → shipped → delivered, or cancelled and refunded.
 */

/** Days a seller has to ship before the order is flagged and its buyer may cancel for a full refund. */
export const SHIP_WITHIN_DAYS_DEFAULT = 7;

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const shippingAddressSchema = z.object({
  name: line('Name', 100),
  street: line('Street', 200),
  city: line('City', 100),
  /** State, province or county. */
  region: line('Region', 100),
  postalCode: line('Postal code', 12).regex(
    /^[A-Za-z0-9][A-Za-z0-9 -]*$/,
    'Postal code may hold only letters, digits, spaces and dashes',
  ),
  country: line('Country', 60).min(2, 'Country must be at least 2 characters'),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
export const SHIPPING_ADDRESS_FIELDS = [
  'name',
  'street',
  'city',
  'region',
  'postalCode',
  'country',
] as const satisfies readonly (keyof ShippingAddress)[];
export const SHIPPING_ADDRESS_LABELS: Record<keyof ShippingAddress, string> = {
  name: 'Full name',
  street: 'Street and number',
  city: 'City',
  region: 'State / region',
  postalCode: 'Postal code',
  country: 'Country',
};
export const SHIPPING_ADDRESS_REQUIRED_MESSAGE = 'Physical items need a shipping address';

/** GET /api/shop/shipping-address: the one saved with the account's last physical order. */
export const savedShippingAddressSchema = z.object({ address: shippingAddressSchema.nullable() });

export const SHIPMENT_STATUSES = ['paid', 'shipped', 'delivered', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  paid: 'Paid, not shipped yet',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled and refunded',
};

export const shipmentIdParamsSchema = z.object({ id: z.string().trim().min(1, 'This field is required').max(100) });

/** POST /api/shop/shipments/:id/ship: carrier and tracking number are optional. */
export const shipShipmentSchema = z.object({
  carrier: z
    .string()
    .trim()
    .max(60, 'Carrier must be at most 60 characters')
    .optional()
    .transform((v) => v || null),
  trackingNumber: z
    .string()
    .trim()
    .max(60, 'Tracking number must be at most 60 characters')
    .regex(/^[A-Za-z0-9 -]*$/, 'Tracking number may hold only letters, digits, spaces and dashes')
    .optional()
    .transform((v) => v || null),
});
export type ShipShipmentInput = z.input<typeof shipShipmentSchema>;

/** What a buyer and a seller both see of one seller's part of an order. */
const shipmentFields = {
  id: z.string(),
  orderId: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  paidAt: z.string(),
  /** When it is flagged: paid and not shipped by then. */
  shipByAt: z.string(),
  /** Paid, and SHIP_WITHIN_DAYS have passed without shipping: flagged to the seller; the buyer may cancel. */
  isOverdue: z.boolean(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** What these items cost the buyer: a cancel gives back all of it. */
  itemsCents: z.number().int(),
  refundedCents: z.number().int(),
};

export const orderShipmentSchema = z.object({
  ...shipmentFields,
  /** Null: sold by Soul Tribe. */
  sellerName: z.string().nullable(),
  productIds: z.array(z.string()),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

/** GET /api/shop/shipments (a reader's sales to ship) and GET /api/admin/shop/shipments (Soul Tribe's own, and refunds it carried). */
export const sellerShipmentSchema = z.object({
  ...shipmentFields,
  buyerName: z.string(),
  sellerName: z.string().nullable(),
  address: shippingAddressSchema,
  items: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number().int() })),
  /** A cancel's part of the seller's share their earnings no longer held (paid out): the platform paid it. */
  platformCarriedCents: z.number().int(),
});
export type SellerShipment = z.infer<typeof sellerShipmentSchema>;
export const sellerShipmentListSchema = z.object({ shipments: z.array(sellerShipmentSchema) });

/** POST /api/shop/shipments/:id/cancel → the buyer's refund. */
export const cancelledShipmentSchema = z.object({
  shipment: orderShipmentSchema,
  refundedCents: z.number().int(),
  balanceCents: z.number().int(),
});

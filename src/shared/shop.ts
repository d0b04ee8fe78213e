import { moderationReasonSchema } from './moderation';
import { orderShipmentSchema, shippingAddressSchema } from './shipping';
import {
  ORDER_ITEMS_MAX,
  ORDER_QUANTITY_MAX,
  PRODUCT_PRICE_MAX_CENTS,
  PRODUCT_PRICE_MIN_CENTS,
  SHOP_CATEGORIES,
  SHOP_SORTS,
} from './shop-rules';
import { z } from './zod-config';

export * from './shop-rules';

const id = z.string().trim().min(1, 'This field is required').max(100);
export const productIdParamsSchema = z.object({ id });
const cents = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number of cents` })
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} cannot be negative`);

/** GET /api/shop/products. */
export const productListQuerySchema = z
  .object({
    search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
    category: z.enum(SHOP_CATEGORIES, { error: 'Unknown category' }).optional(),
    sort: z.enum(SHOP_SORTS, { error: 'Unknown sort' }).default('featured'),
    minCents: cents('minCents').optional(),
    maxCents: cents('maxCents').optional(),
    digital: z
      .enum(['true', 'false'], { error: 'digital must be true or false' })
      .transform((v) => v === 'true')
      .optional(),
  })
  .refine((q) => q.minCents === undefined || q.maxCents === undefined || q.minCents <= q.maxCents, {
    message: 'minCents must not exceed maxCents',
    path: ['minCents'],
  });

/** POST /api/shop/products (readers) and PATCH /api/shop/products/:id (its seller). */
export const productInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(3, 'Name must be at least 3 characters')
      .max(120, 'Name must be at most 120 characters'),
    description: z.string().trim().max(5000, 'Description must be at most 5,000 characters').default(''),
    priceCents: z
      .number({ error: 'Price must be a number of cents' })
      .int('Price must be a whole number of cents')
      .min(PRODUCT_PRICE_MIN_CENTS, 'Price must be at least $1')
      .max(PRODUCT_PRICE_MAX_CENTS, 'Price must be at most $1,000'),
    category: z.enum(SHOP_CATEGORIES, { error: 'Choose one of the categories' }),
    imageUrl: z
      .url({ protocol: /^https?$/, error: 'Image must be an http(s) URL' })
      .max(500)
      .nullable()
      .default(null),
    isDigital: z.boolean({ error: 'Say whether it is digital' }),
    /** Digital: what the buyer receives (text or a link), shown to buyers only. */
    digitalContent: z.string().trim().max(10_000, 'Content must be at most 10,000 characters').nullable().default(null),
    /** Physical: how many are in stock. */
    stock: z
      .number()
      .int('Stock must be a whole number')
      .min(0, 'Stock cannot be negative')
      .max(100_000)
      .nullable()
      .default(null),
  })
  .superRefine((p, ctx) => {
    if (p.isDigital && !p.digitalContent)
      ctx.addIssue({
        code: 'custom',
        path: ['digitalContent'],
        message: 'A digital product needs its content or link',
      });
    if (!p.isDigital && p.stock === null)
      ctx.addIssue({ code: 'custom', path: ['stock'], message: 'A physical product needs its stock' });
  });
export type ProductInput = z.input<typeof productInputSchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  category: z.enum(SHOP_CATEGORIES),
  imageUrl: z.string().nullable(),
  isDigital: z.boolean(),
  /** Physical goods only; null for digital. */
  stock: z.number().int().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  isFeatured: z.boolean(),
  /** Null: sold by Soul Tribe. */
  seller: z.object({ id: z.string(), name: z.string(), username: z.string() }).nullable(),
  isHidden: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;
export const productListSchema = z.object({ products: z.array(productSchema) });
/** GET /api/shop/products/mine: the seller's own products, with what their buyers receive, so they can edit it. */
export const myProductSchema = productSchema.extend({
  digitalContent: z.string().nullable(),
  /** Why an admin hid it; null when shown, or hidden before reasons were kept. */
  moderationReason: z.string().nullable(),
});
export type MyProduct = z.infer<typeof myProductSchema>;
export const myProductListSchema = z.object({ products: z.array(myProductSchema) });

/**
 * PATCH /api/admin/shop/products/:id: an admin hides a product with a reason its seller sees, or
 * shows it again. Admins never edit what a seller wrote.
 */
export const setProductHiddenSchema = z
  .object({
    isHidden: z.boolean({ error: 'isHidden must be true or false' }),
    reason: moderationReasonSchema.optional(),
  })
  .refine((change) => !change.isHidden || change.reason !== undefined, {
    message: 'Tell the seller why it is hidden',
    path: ['reason'],
  });
export type SetProductHiddenInput = z.input<typeof setProductHiddenSchema>;

/** The products and quantities of a cart or an order: each product once. */
const orderLinesSchema = z
  .array(
    z.object({
      productId: id,
      quantity: z
        .number()
        .int('Quantity must be a whole number')
        .min(1, 'Quantity must be at least 1')
        .max(ORDER_QUANTITY_MAX, `Quantity must be at most ${ORDER_QUANTITY_MAX}`),
    }),
  )
  .max(ORDER_ITEMS_MAX, `At most ${ORDER_ITEMS_MAX} different products per order`)
  .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, 'Each product once per order');

/** POST /api/shop/orders with an Idempotency-Key header → 201. */
export const createOrderSchema = z.object({
  items: orderLinesSchema.min(1, 'Your cart is empty'),
  /** Needed when any item is physical (decision 043); saved to the account for the next order. */
  shippingAddress: shippingAddressSchema.optional(),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;
export const createdOrderSchema = z.object({
  id: z.string(),
  totalCents: z.number().int(),
  balanceCents: z.number().int(),
});

export const orderSchema = z.object({
  id: z.string(),
  totalCents: z.number().int(),
  createdAt: z.string(),
  /** Where its physical items go; null for an order of digital items only. */
  shippingAddress: shippingAddressSchema.nullable(),
  /** Each seller's physical items: their status and tracking. */
  shipments: z.array(orderShipmentSchema),
  items: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      isDigital: z.boolean(),
      /** A digital product's content or link: its buyer's only. */
      digitalContent: z.string().nullable(),
    }),
  ),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.object({ orders: z.array(orderSchema) });

/** PUT /api/shop/cart (replaces it) and POST /api/shop/cart/merge (the browser's cart joins the account's). */
export const cartInputSchema = z.object({ items: orderLinesSchema });
export type CartInput = z.input<typeof cartInputSchema>;
/** The account's cart, each line with the product as the shop lists it now; products gone from the shop are left out. */
export const accountCartSchema = z.object({
  items: z.array(
    z.object({
      productId: z.string(),
      quantity: z.number().int(),
      product: productSchema.pick({
        name: true,
        category: true,
        priceCents: true,
        isDigital: true,
        stock: true,
        imageUrl: true,
      }),
    }),
  ),
});
export type AccountCart = z.infer<typeof accountCartSchema>;

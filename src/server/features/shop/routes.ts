import {
  cancelledShipmentSchema,
  savedShippingAddressSchema,
  sellerShipmentListSchema,
  sellerShipmentSchema,
  shipmentIdParamsSchema,
  shipShipmentSchema,
} from '@shared/shipping';
import {
  accountCartSchema,
  cartInputSchema,
  createdOrderSchema,
  createOrderSchema,
  myProductListSchema,
  orderListSchema,
  productIdParamsSchema,
  productInputSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
  setProductHiddenSchema,
} from '@shared/shop';
import { idempotentRequestHeadersSchema } from '@shared/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Auth } from '../../auth/auth';
import { currentUser, readSessionUser, requireUser, seesAsAdmin } from '../auth';
import { mergeCart, readCart, replaceCart } from './account-cart';
import { cancelShipment } from './cancel-shipment';
import { listOrders } from './list-orders';
import { deliverShipment, listSellerShipments, savedShippingAddress, shipShipment } from './shipments';
import { listProducts } from './list-products';
import { createProduct, listMyProducts, setProductHidden, updateProduct } from './manage-products';
import { type OrderDeps, placeOrder } from './place-order';

/** The shop (docs/decisions/027): browsing is public; buying needs a sign-in and pays from the wallet. */
export async function shopRoutes(app: FastifyInstance, deps: OrderDeps & { auth: Auth; shipWithinDays: number }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const signedIn = requireUser(deps.auth);
  const readersOnly = requireUser(deps.auth, 'reader');
  const adminsOnly = requireUser(deps.auth, 'admin');
  const now = () => new Date(deps.clock.now());

  api.get(
    '/api/shop/products',
    { schema: { querystring: productListQuerySchema, response: { 200: productListSchema } } },
    async (request) => {
      const viewer = await readSessionUser(deps.auth, request.headers);
      return listProducts(db, request.query, { includeHidden: seesAsAdmin(viewer) });
    },
  );

  api.get(
    '/api/shop/products/mine',
    { onRequest: readersOnly, schema: { response: { 200: myProductListSchema } } },
    async (request) => listMyProducts(db, currentUser(request).id),
  );

  api.post(
    '/api/shop/products',
    { onRequest: readersOnly, schema: { body: productInputSchema, response: { 201: productSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createProduct(db, currentUser(request).id, request.body, now())),
  );

  api.patch(
    '/api/shop/products/:id',
    {
      onRequest: readersOnly,
      schema: { params: productIdParamsSchema, body: productInputSchema, response: { 200: productSchema } },
    },
    async (request) => updateProduct(db, currentUser(request).id, request.params.id, request.body, now()),
  );

  api.patch(
    '/api/admin/shop/products/:id',
    {
      onRequest: adminsOnly,
      schema: { params: productIdParamsSchema, body: setProductHiddenSchema, response: { 200: productSchema } },
    },
    async (request) => setProductHidden(db, currentUser(request).id, request.params.id, request.body, now()),
  );

  api.post(
    '/api/shop/orders',
    {
      onRequest: signedIn,
      schema: {
        body: createOrderSchema,
        headers: idempotentRequestHeadersSchema,
        response: { 201: createdOrderSchema },
      },
    },
    async (request, reply) => {
      const { result, isReplay } = await placeOrder(
        deps,
        currentUser(request).id,
        request.body,
        request.headers['idempotency-key'],
      );
      if (isReplay) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result);
    },
  );

  api.get(
    '/api/shop/orders',
    { onRequest: signedIn, schema: { response: { 200: orderListSchema } } },
    async (request) => listOrders(db, currentUser(request).id, { shipWithinDays: deps.shipWithinDays, now: now() }),
  );

  // Physical orders that ship (docs/decisions/043).
  api.get(
    '/api/shop/shipping-address',
    { onRequest: signedIn, schema: { response: { 200: savedShippingAddressSchema } } },
    async (request) => savedShippingAddress(db, currentUser(request).id),
  );

  api.get(
    '/api/shop/shipments',
    { onRequest: readersOnly, schema: { response: { 200: sellerShipmentListSchema } } },
    async (request) => listSellerShipments(deps, { sellerId: currentUser(request).id }),
  );

  api.get(
    '/api/admin/shop/shipments',
    { onRequest: adminsOnly, schema: { response: { 200: sellerShipmentListSchema } } },
    async () => listSellerShipments(deps, { platform: true }),
  );

  api.post(
    '/api/shop/shipments/:id/ship',
    {
      onRequest: signedIn,
      schema: { params: shipmentIdParamsSchema, body: shipShipmentSchema, response: { 200: sellerShipmentSchema } },
    },
    async (request) => shipShipment(deps, currentUser(request), request.params.id, request.body),
  );

  api.post(
    '/api/shop/shipments/:id/deliver',
    { onRequest: signedIn, schema: { params: shipmentIdParamsSchema, response: { 200: sellerShipmentSchema } } },
    async (request) => deliverShipment(deps, currentUser(request), request.params.id),
  );

  api.post(
    '/api/shop/shipments/:id/cancel',
    { onRequest: signedIn, schema: { params: shipmentIdParamsSchema, response: { 200: cancelledShipmentSchema } } },
    async (request) => cancelShipment(deps, currentUser(request).id, request.params.id),
  );

  // The account's cart: signed in, the cart is kept here and merged with the browser's.
  api.get(
    '/api/shop/cart',
    { onRequest: signedIn, schema: { response: { 200: accountCartSchema } } },
    async (request) => readCart(db, currentUser(request).id),
  );

  api.put(
    '/api/shop/cart',
    { onRequest: signedIn, schema: { body: cartInputSchema, response: { 200: accountCartSchema } } },
    async (request) => replaceCart(db, currentUser(request).id, request.body, now()),
  );

  api.post(
    '/api/shop/cart/merge',
    { onRequest: signedIn, schema: { body: cartInputSchema, response: { 200: accountCartSchema } } },
    async (request) => mergeCart(db, currentUser(request).id, request.body, now()),
  );
}

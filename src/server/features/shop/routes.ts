import { shopApi } from '@shared/api/shop';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../auth/auth';
import { route } from '../../endpoint-route';
import { currentUser, readSessionUser, seesAsAdmin } from '../auth';
import { mergeCart, readCart, replaceCart } from './account-cart';
import { cancelShipment } from './cancel-shipment';
import { listOrders } from './list-orders';
import { deliverShipment, listSellerShipments, savedShippingAddress, shipShipment } from './shipments';
import { listProducts } from './list-products';
import { createProduct, listMyProducts, setProductHidden, updateProduct } from './manage-products';
import { type OrderDeps, placeOrder } from './place-order';

export async function shopRoutes(app: FastifyInstance, deps: OrderDeps & { auth: Auth; shipWithinDays: number }) {
  const api = { app, auth: deps.auth };
  const { db } = deps;
  const now = () => new Date(deps.clock.now());

  route(api, shopApi.products, async (request) => {
    const viewer = await readSessionUser(deps.auth, request.headers);
    return listProducts(db, request.query, { includeHidden: seesAsAdmin(viewer) });
  });

  route(api, shopApi.myProducts, async (request) => listMyProducts(db, currentUser(request).id));

  route(api, shopApi.createProduct, async (request, reply) =>
    reply.status(201).send(await createProduct(db, currentUser(request).id, request.body, now())),
  );

  route(api, shopApi.updateProduct, async (request) =>
    updateProduct(db, currentUser(request).id, request.params.id, request.body, now()),
  );

  route(api, shopApi.setProductHidden, async (request) =>
    setProductHidden(db, currentUser(request).id, request.params.id, request.body, now()),
  );

  route(api, shopApi.placeOrder, async (request, reply) => {
    const { result, isReplay } = await placeOrder(
      deps,
      currentUser(request).id,
      request.body,
      request.headers['idempotency-key'],
    );
    if (isReplay) reply.header('idempotent-replayed', 'true');
    return reply.status(201).send(result);
  });

  route(api, shopApi.orders, async (request) =>
    listOrders(db, currentUser(request).id, { shipWithinDays: deps.shipWithinDays, now: now() }),
  );

  route(api, shopApi.shippingAddress, async (request) => savedShippingAddress(db, currentUser(request).id));

  route(api, shopApi.sales, async (request) => listSellerShipments(deps, { sellerId: currentUser(request).id }));

  route(api, shopApi.platformSales, async () => listSellerShipments(deps, { platform: true }));

  route(api, shopApi.ship, async (request) =>
    shipShipment(deps, currentUser(request), request.params.id, request.body),
  );

  route(api, shopApi.deliver, async (request) => deliverShipment(deps, currentUser(request), request.params.id));

  route(api, shopApi.cancelShipment, async (request) =>
    cancelShipment(deps, currentUser(request).id, request.params.id),
  );

  route(api, shopApi.cart, async (request) => readCart(db, currentUser(request).id));

  route(api, shopApi.replaceCart, async (request) => replaceCart(db, currentUser(request).id, request.body, now()));

  route(api, shopApi.mergeCart, async (request) => mergeCart(db, currentUser(request).id, request.body, now()));
}

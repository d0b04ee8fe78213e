import type { Profile } from '@shared/auth';
import type {
  cancelledShipmentSchema,
  savedShippingAddressSchema,
  sellerShipmentListSchema,
  sellerShipmentSchema,
  ShipShipmentInput,
} from '@shared/shipping';
import type {
  accountCartSchema,
  CartInput,
  CreateOrderInput,
  createdOrderSchema,
  myProductListSchema,
  orderListSchema,
  Product,
  ProductInput,
  productListSchema,
  productSchema,
  SetProductHiddenInput,
} from '@shared/shop';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { walletQueryKeys } from '@/features/wallet';
import { apiRequestTyped } from '@/lib/api';
import { profileQueryKey } from '@/lib/auth';
import { filterToParams, type ShopFilter } from './shop-filter';

export const shopKeys = {
  all: ['shop'] as const,
  lists: ['shop', 'products'] as const,
  /** Admins are also sent hidden products, so who asks is part of the key. */
  list: (filter: ShopFilter, isAdmin: boolean) =>
    ['shop', 'products', filterToParams(filter).toString(), isAdmin] as const,
  mine: ['shop', 'mine'] as const,
  orders: ['shop', 'orders'] as const,
};

const productPath = (id: string) => `/api/shop/products/${encodeURIComponent(id)}`;

export const productListQuery = (filter: ShopFilter, isAdmin: boolean) =>
  queryOptions({
    queryKey: shopKeys.list(filter, isAdmin),
    queryFn: ({ signal }) => {
      const query = filterToParams(filter).toString();
      return apiRequestTyped<z.infer<typeof productListSchema>>(`/api/shop/products${query ? `?${query}` : ''}`, {
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });

export const myProductsQuery = queryOptions({
  queryKey: shopKeys.mine,
  queryFn: ({ signal }) => apiRequestTyped<z.infer<typeof myProductListSchema>>('/api/shop/products/mine', { signal }),
});

export const ordersQuery = queryOptions({
  queryKey: shopKeys.orders,
  queryFn: ({ signal }) => apiRequestTyped<z.infer<typeof orderListSchema>>('/api/shop/orders', { signal }),
});

export function placeOrder(input: CreateOrderInput, idempotencyKey: string) {
  return apiRequestTyped<z.infer<typeof createdOrderSchema>>('/api/shop/orders', {
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** After a purchase: the balance everywhere it shows, the stock on the cards, the orders page. */
export function useOrderPlaced() {
  const queryClient = useQueryClient();
  return (balanceCents: number) => {
    queryClient.setQueryData<Profile | null>(
      profileQueryKey,
      (profile) => profile && { ...profile, walletBalanceCents: balanceCents },
    );
    // Promotional credit paid first, or came back (issue 48): what there is of it is read again.
    if ((queryClient.getQueryData<Profile | null>(profileQueryKey)?.creditCents ?? 0) > 0)
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    void queryClient.invalidateQueries({ queryKey: shopKeys.all });
    void queryClient.invalidateQueries({ queryKey: walletQueryKeys.all });
  };
}

/** 'Add Product' (no id) or 'Edit' of the reader's own product. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ProductInput }) =>
      apiRequestTyped<z.infer<typeof productSchema>>(id ? productPath(id) : '/api/shop/products', {
        method: id ? 'PATCH' : 'POST',
        body: input,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}

/** An admin's Hide (with the reason its seller reads) / Unhide of any product. */
export function useSetProductHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: SetProductHiddenInput & { id: string }) =>
      apiRequestTyped<z.infer<typeof productSchema>>(`/api/admin/shop/products/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: change,
      }),
    onSuccess: (updated) => {
      queryClient.setQueriesData<{ products: Product[] }>(
        { queryKey: shopKeys.lists },
        (current) =>
          current && { products: current.products.map((product) => (product.id === updated.id ? updated : product)) },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}

/** Issue 30: the address saved with the account, the seller's shipments, and the account's cart. */
export const shippingKeys = {
  address: ['shop', 'shipping-address'] as const,
  sales: ['shop', 'shipments'] as const,
  platformSales: ['shop', 'admin-shipments'] as const,
};

export const savedAddressQuery = queryOptions({
  queryKey: shippingKeys.address,
  queryFn: ({ signal }) =>
    apiRequestTyped<z.infer<typeof savedShippingAddressSchema>>('/api/shop/shipping-address', { signal }),
  staleTime: 60_000,
});

/** A reader's sales to ship, or (`platform`) the admin's list: Soul Tribe's own and refunds it carried. */
export const salesQuery = (platform: boolean) =>
  queryOptions({
    queryKey: platform ? shippingKeys.platformSales : shippingKeys.sales,
    queryFn: ({ signal }) =>
      apiRequestTyped<z.infer<typeof sellerShipmentListSchema>>(
        platform ? '/api/admin/shop/shipments' : '/api/shop/shipments',
        { signal },
      ),
  });

const shipmentPath = (id: string, action: 'ship' | 'deliver' | 'cancel') =>
  `/api/shop/shipments/${encodeURIComponent(id)}/${action}`;

/** The seller's Mark shipped (carrier and tracking optional) and Mark delivered. */
export function useShipmentStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ship }: { id: string; ship?: ShipShipmentInput }) =>
      apiRequestTyped<z.infer<typeof sellerShipmentSchema>>(shipmentPath(id, ship ? 'ship' : 'deliver'), {
        method: 'POST',
        ...(ship && { body: ship }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}

/** The buyer's cancel of a shipment not sent in time: the refund lands in the wallet. */
export function useCancelShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequestTyped<z.infer<typeof cancelledShipmentSchema>>(shipmentPath(id, 'cancel'), { method: 'POST' }),
    onSuccess: (result) =>
      queryClient.setQueryData<Profile | null>(
        profileQueryKey,
        (profile) => profile && { ...profile, walletBalanceCents: result.balanceCents },
      ),
    onSettled: () => {
      // A cancelled shipment gives back as credit what credit paid of it (issue 48).
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: shopKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletQueryKeys.all });
    },
  });
}

export const fetchAccountCart = () => apiRequestTyped<z.infer<typeof accountCartSchema>>('/api/shop/cart');
export const putAccountCart = (input: CartInput) =>
  apiRequestTyped<z.infer<typeof accountCartSchema>>('/api/shop/cart', { method: 'PUT', body: input });
export const mergeAccountCart = (input: CartInput) =>
  apiRequestTyped<z.infer<typeof accountCartSchema>>('/api/shop/cart/merge', { method: 'POST', body: input });

import { shopApi } from '@shared/api/shop';
import type { Profile } from '@shared/auth';
import type { ShipShipmentInput } from '@shared/shipping';
import type { CartInput, CreateOrderInput, Product, ProductInput, SetProductHiddenInput } from '@shared/shop';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { walletQueryKeys } from '@/features/wallet';
import { callApi } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { filterToParams, filterToQuery, type ShopFilter } from './shop-filter';

export const shopKeys = {
  all: ['shop'] as const,
  lists: ['shop', 'products'] as const,
  /** Admins are also sent hidden products, so who asks is part of the key. */
  list: (filter: ShopFilter, isAdmin: boolean) =>
    ['shop', 'products', filterToParams(filter).toString(), isAdmin] as const,
  mine: ['shop', 'mine'] as const,
  orders: ['shop', 'orders'] as const,
};

export const productListQuery = (filter: ShopFilter, isAdmin: boolean) =>
  queryOptions({
    queryKey: shopKeys.list(filter, isAdmin),
    queryFn: ({ signal }) => callApi(shopApi.products, { query: filterToQuery(filter) }, { signal }),
    placeholderData: keepPreviousData,
  });

export const myProductsQuery = queryOptions({
  queryKey: shopKeys.mine,
  queryFn: ({ signal }) => callApi(shopApi.myProducts, {}, { signal }),
});

export const ordersQuery = queryOptions({
  queryKey: shopKeys.orders,
  queryFn: ({ signal }) => callApi(shopApi.orders, {}, { signal }),
});

export function placeOrder(input: CreateOrderInput, idempotencyKey: string) {
  return callApi(shopApi.placeOrder, { body: input, headers: { 'idempotency-key': idempotencyKey } });
}

/** After a purchase: the balance everywhere it shows, the stock on the cards, the orders page. */
export function useOrderPlaced() {
  const queryClient = useQueryClient();
  return (balanceCents: number) => {
    queryClient.setQueryData<Profile | null>(
      profileQueryKey,
      (profile) => profile && { ...profile, walletBalanceCents: balanceCents },
    );
    // Promotional credit paid first, or came back (decision 066): what there is of it is read again.
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
      id
        ? callApi(shopApi.updateProduct, { params: { id }, body: input })
        : callApi(shopApi.createProduct, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}

/** An admin's Hide (with the reason its seller reads) / Unhide of any product. */
export function useSetProductHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: SetProductHiddenInput & { id: string }) =>
      callApi(shopApi.setProductHidden, { params: { id }, body: change }),
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

/** Decision 043: the address saved with the account, the seller's shipments, and the account's cart. */
export const shippingKeys = {
  address: ['shop', 'shipping-address'] as const,
  sales: ['shop', 'shipments'] as const,
  platformSales: ['shop', 'admin-shipments'] as const,
};

export const savedAddressQuery = queryOptions({
  queryKey: shippingKeys.address,
  queryFn: ({ signal }) => callApi(shopApi.shippingAddress, {}, { signal }),
  staleTime: 60_000,
});

/** A reader's sales to ship, or (`platform`) the admin's list: Soul Tribe's own and refunds it carried. */
export const salesQuery = (platform: boolean) =>
  queryOptions({
    queryKey: platform ? shippingKeys.platformSales : shippingKeys.sales,
    queryFn: ({ signal }) => callApi(platform ? shopApi.platformSales : shopApi.sales, {}, { signal }),
  });

/** The seller's Mark shipped (carrier and tracking optional) and Mark delivered. */
export function useShipmentStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ship }: { id: string; ship?: ShipShipmentInput }) =>
      ship ? callApi(shopApi.ship, { params: { id }, body: ship }) : callApi(shopApi.deliver, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}

/** The buyer's cancel of a shipment not sent in time: the refund lands in the wallet. */
export function useCancelShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(shopApi.cancelShipment, { params: { id } }),
    onSuccess: (result) =>
      queryClient.setQueryData<Profile | null>(
        profileQueryKey,
        (profile) => profile && { ...profile, walletBalanceCents: result.balanceCents },
      ),
    onSettled: () => {
      // A cancelled shipment gives back as credit what credit paid of it (decision 066).
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: shopKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletQueryKeys.all });
    },
  });
}

export const fetchAccountCart = () => callApi(shopApi.cart);
export const putAccountCart = (input: CartInput) => callApi(shopApi.replaceCart, { body: input });
export const mergeAccountCart = (input: CartInput) => callApi(shopApi.mergeCart, { body: input });

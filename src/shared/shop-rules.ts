/**
 * The shop's categories, sorts and limits, apart from its schemas (shop.ts re-exports them), so the
 * shop's page does not bring zod along (decision 007).
 */

/** SPEC.md 'Shop': the category filter's options. */
export const SHOP_CATEGORIES = ['Crystals', 'Tarot', 'Courses'] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];
export const SHOP_SORTS = ['featured', 'rating', 'price_asc', 'price_desc'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];
export const SHOP_SORT_LABELS: Record<ShopSort, string> = {
  featured: 'Featured',
  rating: 'Highest Rated',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
};
export const PRODUCT_PRICE_MIN_CENTS = 100;
export const PRODUCT_PRICE_MAX_CENTS = 100_000;
export const ORDER_ITEMS_MAX = 20;
export const ORDER_QUANTITY_MAX = 99;

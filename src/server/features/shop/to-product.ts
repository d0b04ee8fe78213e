import type { Product, ShopCategory } from '@shared/shop';
import { eq, sql } from 'drizzle-orm';
import { readerProfiles, shopProducts } from '../../db/schema';
import { readerFullName } from '../readers';

/** The product columns every list shows, its seller's name (null: Soul Tribe's own), never `digital_content`. */
export const productColumns = {
  id: shopProducts.id,
  name: shopProducts.name,
  description: shopProducts.description,
  priceCents: shopProducts.priceCents,
  category: shopProducts.category,
  imageUrl: shopProducts.imageUrl,
  isDigital: shopProducts.isDigital,
  stock: shopProducts.stock,
  isFeatured: shopProducts.isFeatured,
  ratingSum: shopProducts.ratingSum,
  ratingCount: shopProducts.ratingCount,
  hiddenAt: shopProducts.hiddenAt,
  sellerId: shopProducts.sellerId,
  sellerName: sql<string | null>`${readerFullName}`,
  sellerUsername: readerProfiles.username,
};
export const sellerJoin = eq(readerProfiles.userId, shopProducts.sellerId);

interface ProductRow {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  category: ShopCategory;
  imageUrl: string | null;
  isDigital: boolean;
  stock: number | null;
  isFeatured: boolean;
  ratingSum: number;
  ratingCount: number;
  hiddenAt: Date | null;
  sellerId: string | null;
  sellerName: string | null;
  sellerUsername: string | null;
}

export const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  name: row.name,
  description: row.description,
  priceCents: row.priceCents,
  category: row.category,
  imageUrl: row.imageUrl,
  isDigital: row.isDigital,
  stock: row.stock,
  rating: row.ratingCount > 0 ? Math.round((row.ratingSum / row.ratingCount) * 10) / 10 : null,
  reviewCount: row.ratingCount,
  isFeatured: row.isFeatured,
  seller:
    row.sellerId && row.sellerName && row.sellerUsername
      ? { id: row.sellerId, name: row.sellerName, username: row.sellerUsername }
      : null,
  isHidden: row.hiddenAt !== null,
});

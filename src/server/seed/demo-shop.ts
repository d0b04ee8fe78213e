import { randomUUID } from 'node:crypto';
import type { ShopCategory } from '@shared/shop';
import type { Tx } from '../db/client';
import { shopProducts } from '../db/schema';
import { demoId } from './demo-id';

interface DemoProduct {
  /** A reader's username, or null for Soul Tribe's own. */
  seller: string | null;
  name: string;
  description: string;
  priceCents: number;
  category: ShopCategory;
  digitalContent?: string;
  stock?: number;
  isFeatured?: boolean;
  rating: [sum: number, count: number];
}

/** The shop's opening stock (SPEC.md 'Shop'): crystals, decks and courses, the platform's and readers'. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    seller: null,
    name: 'Amethyst Cluster',
    description: 'A hand-picked Brazilian amethyst cluster for calm and clear intuition, about 8 cm across.',
    priceCents: 3499,
    category: 'Crystals',
    stock: 24,
    isFeatured: true,
    rating: [235, 48],
  },
  {
    seller: null,
    name: 'Rose Quartz Heart',
    description: 'Polished rose quartz heart for self-love and gentle healing.',
    priceCents: 1899,
    category: 'Crystals',
    stock: 40,
    rating: [178, 37],
  },
  {
    seller: 'isla',
    name: 'Chakra Balancing Crystal Set',
    description: "Seven tumbled stones, one per chakra, with Isla's guide to placing them.",
    priceCents: 4499,
    category: 'Crystals',
    stock: 12,
    rating: [96, 20],
  },
  {
    seller: null,
    name: 'Rider-Waite Tarot Deck',
    description: 'The classic 78-card deck with guidebook.',
    priceCents: 2499,
    category: 'Tarot',
    stock: 30,
    isFeatured: true,
    rating: [293, 61],
  },
  {
    seller: 'seraphina',
    name: 'Angel Whispers Oracle Deck',
    description: 'Forty-four gilded oracle cards designed by Seraphina, with a guidebook of meditations.',
    priceCents: 3999,
    category: 'Tarot',
    stock: 8,
    rating: [68, 14],
  },
  {
    seller: 'aurora',
    name: 'Tarot Foundations: a 6-week course',
    description: 'Video lessons and worksheets on the Major and Minor Arcana, spreads and reading for others.',
    priceCents: 8900,
    category: 'Courses',
    digitalContent:
      "Welcome to Tarot Foundations! Your lessons: https://learn.soultribe.app/tarot-foundations (sign in with this account's email). Week 1 starts with the Fool's journey.",
    isFeatured: true,
    rating: [141, 29],
  },
  {
    seller: 'celeste',
    name: 'Reading Your Birth Chart (self-paced)',
    description: 'Learn the planets, signs and houses and read your own natal chart in eight short modules.',
    priceCents: 5900,
    category: 'Courses',
    digitalContent: 'Your course: https://learn.soultribe.app/birth-chart. Have your birth time ready for module 2.',
    rating: [77, 17],
  },
  {
    seller: null,
    name: 'Guided Moon Meditations (audio)',
    description: 'Thirteen guided meditations, one for each moon of the year, to download.',
    priceCents: 1500,
    category: 'Courses',
    digitalContent: 'Download your meditations: https://learn.soultribe.app/moon-meditations',
    rating: [44, 10],
  },
];

export async function insertDemoShop(tx: Tx, now: Date, readerIdByUsername: Map<string, string>) {
  await tx.insert(shopProducts).values(
    DEMO_PRODUCTS.map((p) => ({
      id: randomUUID(),
      sellerId: p.seller ? demoId(readerIdByUsername.get(p.seller), p.seller) : null,
      name: p.name,
      description: p.description,
      priceCents: p.priceCents,
      category: p.category,
      isDigital: p.digitalContent !== undefined,
      digitalContent: p.digitalContent ?? null,
      stock: p.digitalContent !== undefined ? null : (p.stock ?? 0),
      isFeatured: p.isFeatured ?? false,
      ratingSum: p.rating[0],
      ratingCount: p.rating[1],
      createdAt: now,
      updatedAt: now,
    })),
  );
}

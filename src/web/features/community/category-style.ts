import { COMMUNITY_CATEGORIES, type CommunityCategory } from '@shared/community-rules';
import { Flower2, Gem, Layers, type LucideIcon, MessagesSquare, Moon, Star } from 'lucide-react';

type CategoryMeta = (typeof COMMUNITY_CATEGORIES)[number];

const ICONS: Record<CategoryMeta['icon'], LucideIcon> = { MessagesSquare, Layers, Gem, Moon, Star, Flower2 };

/** Written out in full so Tailwind finds every class; readable on both themes' card backgrounds. */
const COLORS: Record<CategoryMeta['color'], string> = {
  purple: 'bg-purple-500/15 text-purple-700 dark:text-purple-300',
  pink: 'bg-pink/15 text-pink',
  cyan: 'bg-cyan-500/15 text-cyan-800 dark:text-cyan-300',
  indigo: 'bg-indigo-500/15 text-indigo-700 dark:text-indigo-300',
  amber: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  emerald: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
};

export function categoryStyle(name: CommunityCategory) {
  const meta = COMMUNITY_CATEGORIES.find((category) => category.name === name) ?? COMMUNITY_CATEGORIES[0];
  return { ...meta, Icon: ICONS[meta.icon], colorClassName: COLORS[meta.color] };
}

export const isCommunityCategory = (value: string | null): value is CommunityCategory =>
  COMMUNITY_CATEGORIES.some((category) => category.name === value);

/**
 * The community's categories, limits and paths, apart from its schemas (community.ts re-exports
 * them), so the community's list does not bring zod along (decision 007).
 */
import { mapNonEmpty } from './records';

/** SPEC.md 'Community': the six categories, with what the Categories tab shows of each. */
export const COMMUNITY_CATEGORIES = [
  {
    name: 'General Discussion',
    description: 'Introduce yourself and talk about anything on your path.',
    icon: 'MessagesSquare',
    color: 'purple',
  },
  {
    name: 'Tarot & Oracle Cards',
    description: 'Spreads, card meanings and the readings that surprised you.',
    icon: 'Layers',
    color: 'pink',
  },
  {
    name: 'Crystal Healing',
    description: 'Stones, their care and how you work with them.',
    icon: 'Gem',
    color: 'cyan',
  },
  {
    name: 'Dream Interpretation',
    description: 'Share a dream and what it might be telling you.',
    icon: 'Moon',
    color: 'indigo',
  },
  { name: 'Astrology', description: 'Charts, transits and the season ahead.', icon: 'Star', color: 'amber' },
  {
    name: 'Meditation & Mindfulness',
    description: 'Practices, retreats and staying present.',
    icon: 'Flower2',
    color: 'emerald',
  },
] as const;
export type CommunityCategory = (typeof COMMUNITY_CATEGORIES)[number]['name'];
export const COMMUNITY_CATEGORY_NAMES = mapNonEmpty(COMMUNITY_CATEGORIES, (c) => c.name);

export const POST_TITLE_MIN = 5;
export const POST_TITLE_MAX = 150;
export const POST_CONTENT_MIN = 10;
export const POST_CONTENT_MAX = 10_000;
export const POST_TAGS_MAX = 5;
export const POST_TAG_MAX_LENGTH = 30;
export const REPLY_CONTENT_MAX = 5000;
export const COMMUNITY_PAGE_SIZE = 20;
/** Authors may edit or delete their own post this long after posting. */
export const POST_EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Links in a post become clickable once it is this old (spam has been reported and hidden by then). */
export const POST_LINKS_AFTER_MS = 24 * 60 * 60 * 1000;

/** A thread's page (the web route and the links in notifications and the reports queue). */
export const communityPostPath = (postId: string) => `/community/${encodeURIComponent(postId)}`;

import type { PageMeta } from './home-page-meta';
import { paths } from './paths';

export type { PageMeta };
export type PublicPage = PageMeta & { path: string };

const publicPage = (path: string, title: string, description: string): PublicPage => ({ path, title, description });

// Each public page's title and description, one constant a page (the home page's is in a module of
// its own): the server gathers them (server/public-pages.ts).

export const READERS_PAGE = publicPage(
  paths.readers,
  'Our Gifted Readers',
  'Browse verified psychics, tarot readers and mediums, compare their per-minute rates and connect with the one who speaks to you.',
);

export const LIVE_PAGE = publicPage(
  paths.live,
  'Live Streams',
  'Join readers live for group tarot pulls, mediumship circles and guided manifestation sessions.',
);

export const SHOP_PAGE = publicPage(
  paths.shop,
  'Spiritual Shop',
  'Crystals, tarot decks and courses chosen by our readers to support your practice.',
);

export const COMMUNITY_PAGE = publicPage(
  paths.community,
  'Community',
  'Share experiences, ask questions and learn from fellow seekers and readers.',
);

export const ABOUT_PAGE = publicPage(
  paths.about,
  'About Soul Tribe',
  'Soul Tribe exists so that anyone looking for guidance can reach a gifted, honest reader in minutes, pay only for the time they use, and leave every reading feeling heard.',
);

// The policies open on their first tab, the terms.
export const POLICIES_PAGE = publicPage(
  paths.policies,
  'Terms of Service',
  'The terms of Soul Tribe: who may use it, per-minute billing from your wallet, refunds and conduct.',
);

export const HELP_PAGE = publicPage(
  paths.help,
  'Help Center',
  'Answers about topping up your wallet, per-minute billing, refunds and how readings work on Soul Tribe.',
);

export const APPLY_PAGE = publicPage(
  paths.apply,
  'Become a Reader',
  'Apply to read on Soul Tribe: tell us about your gift, share a sample reading and set your per-minute rates. Every application is read by our team.',
);

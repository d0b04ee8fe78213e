import { paths } from './paths';

export interface PageMeta {
  title: string;
  description: string;
}

/**
 * The public pages anyone (and any crawler) may open, with the title and description each shows.
 * The page sets them in the open tab (usePageMeta); the server writes them into the HTML it sends
 * (crawlers run no JavaScript) and lists the pages in /sitemap.xml, so the three never disagree.
 */
export const PUBLIC_PAGES = {
  home: {
    path: paths.home,
    title: 'Psychic Readings by the Minute',
    description: 'Live chat, audio and video readings with verified psychic readers, billed by the minute from a prepaid wallet.',
  },
  readers: {
    path: paths.readers,
    title: 'Our Gifted Readers',
    description:
      'Browse verified psychics, tarot readers and mediums, compare their per-minute rates and connect with the one who speaks to you.',
  },
  live: {
    path: paths.live,
    title: 'Live Streams',
    description: 'Join readers live for group tarot pulls, mediumship circles and guided manifestation sessions.',
  },
  shop: {
    path: paths.shop,
    title: 'Spiritual Shop',
    description: 'Crystals, tarot decks and courses chosen by our readers to support your practice.',
  },
  community: {
    path: paths.community,
    title: 'Community',
    description: 'Share experiences, ask questions and learn from fellow seekers and readers.',
  },
  about: {
    path: paths.about,
    title: 'About Soul Tribe',
    description:
      'Soul Tribe exists so that anyone looking for guidance can reach a gifted, honest reader in minutes, pay only for the time they use, and leave every reading feeling heard.',
  },
  // The policies open on their first tab, the terms.
  policies: {
    path: paths.policies,
    title: 'Terms of Service',
    description: 'The terms of Soul Tribe: who may use it, per-minute billing from your wallet, refunds and conduct.',
  },
  help: {
    path: paths.help,
    title: 'Help Center',
    description: 'Answers about topping up your wallet, per-minute billing, refunds and how readings work on Soul Tribe.',
  },
} as const satisfies Record<string, PageMeta & { path: string }>;

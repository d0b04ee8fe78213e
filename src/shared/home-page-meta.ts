import { paths } from './paths';

export interface PageMeta {
  title: string;
  description: string;
}

/**
 * The home page's title and description (one of PUBLIC_PAGES, public-pages.ts), in a module of its
 * own: the home page's code carries its own words only, not every public page's (decision 007).
 */
export const HOME_PAGE = {
  path: paths.home,
  title: 'Psychic Readings by the Minute',
  description:
    'Live chat, audio and video readings with verified psychic readers, billed by the minute from a prepaid wallet.',
} as const satisfies PageMeta & { path: string };

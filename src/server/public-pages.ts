import { HOME_PAGE } from '@shared/home-page-meta';
import {
  ABOUT_PAGE,
  APPLY_PAGE,
  COMMUNITY_PAGE,
  HELP_PAGE,
  LIVE_PAGE,
  POLICIES_PAGE,
  READERS_PAGE,
  SHOP_PAGE,
} from '@shared/public-pages';

/**
 * The public pages anyone (and any crawler) may open, with the title and description each shows.
 * Each page sets them in the open tab (usePageMeta); the server writes them into the HTML it sends
 * (app-shell.ts: crawlers run no JavaScript) and lists the pages in /sitemap.xml, so the three
 * never disagree. The constants live in src/shared one a page, so each page's code carries only
 * its own words (the home page's budget, decision 007).
 */
export const PUBLIC_PAGES = {
  home: HOME_PAGE,
  readers: READERS_PAGE,
  live: LIVE_PAGE,
  shop: SHOP_PAGE,
  community: COMMUNITY_PAGE,
  about: ABOUT_PAGE,
  policies: POLICIES_PAGE,
  help: HELP_PAGE,
  apply: APPLY_PAGE,
} as const;

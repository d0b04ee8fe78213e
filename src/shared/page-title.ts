export const SITE_NAME = 'Soul Tribe';

/** What a tab (and a link preview) shows for a page: its own title, then the site's. */
export function documentTitle(title: string): string {
  return title === SITE_NAME ? title : `${title} · ${SITE_NAME}`;
}

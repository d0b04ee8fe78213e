import { documentTitle } from '@shared/page-title';
import { useEffect } from 'react';

export { SITE_NAME } from '@shared/page-title';

/**
 * Sets the tab's title and the page's meta description while a page is shown. index.html carries
 * the site's defaults for the first paint; link previews of a profile are written by the server
 * (a crawler runs no JavaScript), this keeps the open tab and the history entry right.
 */
export function usePageMeta({ title, description }: { title: string; description: string }): void {
  useEffect(() => {
    document.title = documentTitle(title);
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}

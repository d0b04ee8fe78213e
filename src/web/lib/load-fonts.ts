import fontsUrl from '../fonts.css?url';

/**
 * Links the web fonts' style sheet. Called by the entry, which a page the server rendered imports
 * only once it has painted (vite.config.ts, bootAfterFirstPaint): the fonts then start after the
 * first paint instead of during it, so they are not in the way of a phone's largest paint (decision 063;
 * Lighthouse counts every request begun before it). The page paints meanwhile in local fonts sized
 * to them (font-fallbacks.css), so the swap barely moves it.
 */
export function loadFonts() {
  document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: fontsUrl }));
}

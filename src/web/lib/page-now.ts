import { useIsHydrating } from './hydrating-context';
import { RENDERED_AT_ATTRIBUTE, RENDERED_STATE_ID } from '@shared/server-render';

/**
 * 'Now' for a page the server rendered (decision 063): a duration ('Live for 12 min') or an age ('3
 * minutes ago') written from the browser's clock while hydrating could differ from the server's
 * HTML (React error #418, seen once in CI on /live). So while hydrating, a page's 'now' is the
 * time the server rendered it (RenderedPage.renderedAt, beside the rendered state), and the
 * browser's own once hydrated.
 */
let serverRenderingAt: number | null = null;

/** The server's renderer: `render` (one synchronous renderToString) reads `at` as now. */
export function renderingAt<T>(at: number, render: () => T): T {
  serverRenderingAt = at;
  try {
    return render();
  } finally {
    serverRenderingAt = null;
  }
}

/** The time the page was rendered at: the server's while it renders, the HTML's while the browser hydrates it. */
export function renderedAt(): number {
  if (serverRenderingAt !== null) return serverRenderingAt;
  const written =
    typeof document === 'undefined'
      ? null
      : document.getElementById(RENDERED_STATE_ID)?.getAttribute(RENDERED_AT_ATTRIBUTE);
  return written ? Number(written) : Date.now();
}

/** 'Now' for what a page writes: the render's time while hydrating, else the browser's clock at this render. */
export function usePageNow(): Date {
  return new Date(useIsHydrating() ? renderedAt() : Date.now());
}

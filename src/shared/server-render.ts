/**
 * The contract between the server and the web app's server entry (src/web/entry-server.tsx, built
 * to dist/ssr): the server hands it a way to call the API in process and gets each visitor's page.
 */

/** fetch's shape, for the API's paths only: the web app's API client calls it in place of the network's. */
export type ApiFetch = (path: string, init: RequestInit) => Promise<Response>;

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** TanStack Query's dehydrated cache: the browser's query cache starts with it. */
  state: unknown;
  /** The time (epoch ms) the page's clock read: what 'now' is while the browser hydrates it. */
  renderedAt: number;
}

export type PageRenderer = (url: string) => Promise<RenderedPage>;

/**
 * Set on `<html>` once a page the server rendered has hydrated (web/lib/hydrating-context.tsx).
 * Until then it shows its controls, but a click on one is lost; the browser tests wait for it
 * after loading such a page (decision 063, 'Stop 44').
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** The attribute of the #rendered-state script that carries RenderedPage.renderedAt. */
export const RENDERED_AT_ATTRIBUTE = 'data-rendered-at';

/** The id of the `<script type="application/json">` that carries RenderedPage.state into the page. */
export const RENDERED_STATE_ID = 'rendered-state';

/**
 * Matches `<html>` while a page the server rendered has not hydrated yet, and nothing on a page the
 * browser rendered itself: what the browser tests and the page budgets wait to see gone.
 */
export const AWAITING_HYDRATION_SELECTOR = `html:not([${HYDRATED_ATTRIBUTE}]):has(#${RENDERED_STATE_ID})`;

/**
 * How long the server reuses a rendered page for the next visitor of its URL (rendered-pages.ts): a
 * reader's online state in it is at most this old, and the page takes it as current. Data older
 * than twice this came from a shared cache (a CDN may keep a visitor's page half a minute), and the
 * browser asks for it again once the page runs (web/lib/rendered-state.ts).
 */
export const RENDERED_PAGE_TTL_MS = 5_000;

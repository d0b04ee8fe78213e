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
}

export type PageRenderer = (url: string) => Promise<RenderedPage>;

/** The id of the `<script type="application/json">` that carries RenderedPage.state into the page. */
export const RENDERED_STATE_ID = 'rendered-state';

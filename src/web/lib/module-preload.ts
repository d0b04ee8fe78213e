/**
 * The helper Vite calls around each lazy `import()` of the production build (`__vitePreload`,
 * put in place of Vite's own by vite.config.ts, decision 063): it asks the browser for the chunk's
 * own imports beside the chunk, so they arrive together instead of one level after another.
 *
 * Vite's helper adds every `<link rel="modulepreload">` in the task of the `import()`: the
 * directory's page needs 30 of them, ~1 ms of the main thread each on a phone's CPU (95-125 ms at a
 * 4× CPU throttle), one long task when the first page loads and on every first visit of a page.
 * Here the links go in a few at a time, a task each, and the import starts at once: a module the
 * import reaches before its link is in is fetched by the import, once (the document's module map
 * holds both). Style sheets still go in at once and are waited for, as Vite's helper does, so a
 * page never shows without its styles.
 */

/** Links added a task: each task stays short on a phone (6 × ~4 ms at a 4× throttle). */
export const LINKS_PER_TASK = 6;

const requested = new Set<string>();
/** Style sheets this helper added, loading or loaded: a second import of one waits for it too. */
const styleSheetLoads = new Map<string, Promise<void>>();
const waiting: string[] = [];
let isFlushing = false;

const absolute = (href: string) => new URL(href, document.baseURI).href;

/** The absolute addresses the document links already, of any `rel` or of the one given. */
function linkedHrefs(rel?: string): Set<string> {
  const links = Array.from(document.getElementsByTagName('link'));
  return new Set(links.filter((link) => rel === undefined || link.rel === rel).map((link) => link.href));
}

function addLinks() {
  const present = linkedHrefs();
  for (const href of waiting.splice(0, LINKS_PER_TASK)) {
    if (present.has(absolute(href))) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.as = 'script';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  if (waiting.length > 0) setTimeout(addLinks);
  else isFlushing = false;
}

function loadStyleSheet(href: string): Promise<void> | undefined {
  if (linkedHrefs('stylesheet').has(absolute(href))) return undefined;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = '';
  link.href = href;
  const loaded = new Promise<void>((resolve, reject) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => reject(new Error(`Unable to preload CSS for ${href}`)), { once: true });
  });
  document.head.appendChild(link);
  return loaded;
}

/** As Vite's helper: a failed load is told as `vite:preloadError`, and thrown unless a listener prevents it. */
function reportFailure(error: unknown): undefined {
  const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error });
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
  return undefined;
}

/**
 * `deps` are the chunk's imports as the build names them (`assets/….js`, relative to `base`), or
 * none. Resolves with the imported module once the style sheets among them have loaded.
 */
export function preloadInSlices<T>(
  importModule: () => Promise<T>,
  deps?: string[],
  base = '/',
): Promise<T | undefined> {
  const styleSheets: Promise<void>[] = [];
  for (const dep of deps ?? []) {
    const href = `${base}${dep}`;
    if (href.endsWith('.css')) {
      if (!requested.has(href)) {
        const loading = loadStyleSheet(href);
        if (loading) styleSheetLoads.set(href, loading);
      }
      const loading = styleSheetLoads.get(href);
      if (loading) styleSheets.push(loading);
    } else if (!requested.has(href)) {
      waiting.push(href);
    }
    requested.add(href);
  }
  if (waiting.length > 0 && !isFlushing) {
    isFlushing = true;
    setTimeout(addLinks);
  }
  return Promise.allSettled(styleSheets).then((results) => {
    for (const result of results) if (result.status === 'rejected') reportFailure(result.reason);
    // A listener that prevents the error makes the import resolve with nothing, as with Vite's helper.
    return importModule().catch((error: unknown) => reportFailure(error));
  });
}

/**
 * `npm run check:bundle` (run by `npm run test:e2e` after `vite build`): the home page's initial
 * JavaScript must stay within HOME_JS_BUDGET_KB of gzip (issue 9, docs/decisions/007). Initial
 * means what a first visit to / downloads before it shows the page: the entry script and every
 * chunk index.html preloads, plus the home route's lazy chunk and the chunks it imports statically.
 * It reads Vite's manifest (build.manifest in vite.config.ts), prints each chunk's gzip size and
 * exits 1 above the budget. KB here are 1024 bytes, as in issue 9's "146 KB today".
 *
 * Measured for issue 9: 146.7 KB in all, of which the entry chunk (index-*.js) is 130.6 KB, the
 * home route 4.0 KB and the small shared chunks (JSX runtime, paths, api client, icons…) 12 KB.
 * Inside the entry, each library alone, minified and gzipped: React + React DOM + scheduler 67.5,
 * React Router's data router (createBrowserRouter, RouterProvider, ScrollRestoration…) 32.2,
 * TanStack Query 10.3, sonner 9.5, tailwind-merge 8.3, lucide icons of the layout 2.4, the app's
 * own layout, auth and socket-bridge code about 9.
 *
 * What would take it to 120 KB (-27 KB), largest first:
 * - Declarative routing (<BrowserRouter> + <Routes>) instead of the data router: React Router's
 *   share drops to 15.3 KB (-17 KB). The route-level errorElement becomes our AppErrorBoundary
 *   around <Outlet>, and ScrollRestoration a small scroll-to-top effect on navigation.
 * - sonner loaded with the first toast (its Toaster mounted lazily): a visitor on the home page
 *   never sees one (-9.5 KB).
 * - cn() as clsx alone, dropping tailwind-merge, once the few callers that override a component's
 *   classes (className on Button, Card…) avoid conflicting utilities (-8.3 KB).
 * The first two together reach about 120 KB, all three about 112 KB; React DOM itself stays.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const HOME_JS_BUDGET_KB = 150;

const DIST = join(import.meta.dirname, '..', 'dist', 'web');
/** The home route's module, as the manifest names it (relative to Vite's root, src/web). */
const HOME_ROUTE_MODULE = 'features/pages/home-page.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  try {
    return JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch (error) {
    throw new Error(`no Vite manifest under ${DIST}: run \`npm run build\` first (${(error as Error).message})`);
  }
}

/** A chunk's file and the files of every chunk it imports statically, depth first, each once. */
function withStaticImports(manifest: Manifest, key: string, files: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, files);
}

/** Every script index.html loads or preloads: what the browser fetches before any route runs. */
function indexHtmlScripts(): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const pattern = /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g;
  return [...html.matchAll(pattern)].map((match) => match[1]!);
}

function homePageScripts(manifest: Manifest): string[] {
  const files = new Set<string>(indexHtmlScripts());
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('the Vite manifest has no entry chunk');
  withStaticImports(manifest, entry[0], files);
  withStaticImports(manifest, HOME_ROUTE_MODULE, files);
  return [...files];
}

function main(): void {
  const sizes = homePageScripts(readManifest())
    .map((file) => ({ file, gzipKb: gzipSync(readFileSync(join(DIST, file))).length / 1024 }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
  const totalKb = sizes.reduce((sum, { gzipKb }) => sum + gzipKb, 0);
  for (const { file, gzipKb } of sizes) console.info(`${gzipKb.toFixed(2).padStart(8)} KB  ${file}`);
  console.info(`${totalKb.toFixed(2).padStart(8)} KB  home page's initial JavaScript (gzip), budget ${HOME_JS_BUDGET_KB} KB`);
  if (totalKb > HOME_JS_BUDGET_KB) {
    console.error(`Over budget by ${(totalKb - HOME_JS_BUDGET_KB).toFixed(2)} KB: load more of it lazily (see this script's header).`);
    process.exit(1);
  }
}

main();

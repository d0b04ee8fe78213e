import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { minifySync } from 'rolldown/experimental';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ENDPOINT_FILE, stripEndpointSchemas } from './src/shared/api/strip-schemas';

const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
/** Text the browser fetches; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Every text file of the build also as .br and .gz beside it, compressed once at the highest
 * levels: the server (@fastify/static's preCompressed, src/server/web.ts) sends the one the browser
 * accepts, at no cost per request. Files under 1 KB or that would not shrink are left alone.
 */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.name.startsWith('.')) return [];
      const path = join(dir, entry.name);
      return entry.isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'soul-tribe-precompress',
    apply: 'build',
    // After the service worker is built and its precache list written into it (VitePWA below):
    // a .br/.gz made before that would be a stale service worker served in place of the real one.
    enforce: 'post',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const path of walk(outDir).filter((file) => COMPRESSIBLE.test(file))) {
          const body = readFileSync(path);
          if (body.length < 1024) continue;
          const brotli = brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          });
          const gzip = gzipSync(body, { level: 9 });
          if (brotli.length < body.length * 0.9) writeFileSync(`${path}.br`, brotli);
          if (gzip.length < body.length * 0.9) writeFileSync(`${path}.gz`, gzip);
        }
      },
    },
  };
}

/**
 * index.html starts the app through a small boot module instead of the entry itself (decision 063). On
 * a page the server rendered (it carries #rendered-state) the entry is imported once the page has
 * painted its content, or at the first tap or key: a module script in the head is fetched at high
 * priority, so the phone's first paint waited for its 105 KB (gzip) although the page needs none
 * of it to show. Imported after the first frame only, it was still fetched before the largest
 * paint on a busy phone, which then waited for it (Lighthouse's LCP 1.9 s against an FCP of 1.1). Everywhere else (the
 * signed-in shell, which shows nothing without the app) it is imported at once. The boot file's
 * name is hashed from its text, which names the entry, so either changing gives a new name.
 */
export const BOOT_FILE = /^assets\/boot-[\w-]+\.js$/;

function bootAfterFirstPaint(): Plugin {
  return {
    name: 'soul-tribe-boot-after-first-paint',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
        if (html?.type !== 'asset' || !entry)
          throw new Error('The build has no index.html or no entry chunk to start from it');
        const source = minifySync(
          'boot.js',
          [
            `let started = false;`,
            `const start = () => { if (!started) { started = true; import('/${entry.fileName}'); } };`,
            `const afterFrame = () => requestAnimationFrame(() => setTimeout(start));`,
            `if (!document.getElementById('rendered-state')) start();`,
            `else {`,
            // A tap or a key before the page has painted starts the app at once.
            `  for (const type of ['pointerdown', 'keydown']) addEventListener(type, start, { once: true, capture: true });`,
            `  try {`,
            `    new PerformanceObserver((list, observer) => {`,
            `      if (list.getEntriesByName('first-contentful-paint').length > 0) { observer.disconnect(); afterFrame(); }`,
            `    }).observe({ type: 'paint', buffered: true });`,
            `  } catch { afterFrame(); }`,
            `}`,
          ].join('\n'),
          { mangle: { toplevel: true } },
        ).code;
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = `assets/boot-${hash}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        const tag = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
        const text = String(html.source);
        if (!text.includes(tag)) throw new Error(`index.html does not load the entry as expected (${tag})`);
        html.source = text.replace(tag, `<script type="module" crossorigin src="/${fileName}"></script>`);
      },
    },
  };
}

/** Vite's module of the helper it wraps every lazy `import()` of the build with (`__vitePreload`). */
const VITE_PRELOAD_HELPER = '\0vite/preload-helper.js';
const PRELOAD_IN_SLICES = fileURLToPath(new URL('./src/web/lib/module-preload.ts', import.meta.url));

/**
 * Vite's helper for lazy imports replaced by ours (src/web/lib/module-preload.ts), which adds the
 * chunk's modulepreload links a few at a time instead of all in one task (decision 063). The build
 * fails if Vite stops loading its helper from the module this replaces.
 */
function preloadInSlices(base: string): Plugin {
  let isReplaced = false;
  return {
    name: 'soul-tribe-preload-in-slices',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id !== VITE_PRELOAD_HELPER) return null;
      isReplaced = true;
      return [
        `import { preloadInSlices } from ${JSON.stringify(PRELOAD_IN_SLICES)};`,
        `export const __vitePreload = (importModule, deps) => preloadInSlices(importModule, deps, ${JSON.stringify(base)});`,
      ].join('\n');
    },
    generateBundle() {
      if (!isReplaced) this.error(`Vite no longer loads ${VITE_PRELOAD_HELPER}: its preload helper was not replaced`);
    },
  };
}

/**
 * The endpoint objects of src/shared/api without their zod schemas, in the browser's production
 * build only (docs/decisions/069): the web app's calls then take each answer as declared, which the
 * server checked against the same schema before sending it, and the public pages that call the API
 * (hearts, follows, the directory…) load no zod (25 KB gzip). In development, in tests and in the
 * server's renderer the schemas stay and every answer is parsed (web/lib/api-client.ts). Before
 * TypeScript is stripped, so the file is read as written (strip-schemas.ts says the format it reads).
 */
function endpointsWithoutSchemas(): Plugin {
  return {
    name: 'soul-tribe-endpoints-without-schemas',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: ENDPOINT_FILE },
      handler: (code, id) => ({ code: stripEndpointSchemas(code, id), map: null }),
    },
  };
}

/** Modules every page that shows readers live needs, none of which imports zod. */
const LIVE_WORDS =
  /[\\/]src[\\/](shared[\\/](reader-directory|realtime-events|written-reading-rules|live-rules|community-rules|shop-rules)|web[\\/]lib[\\/](server-events|live-presence|reader-watch))\.ts$/;
/** The dark theme's background (styles.css `.dark --background`): the installed app's splash and bars. */
const DARK_BACKGROUND = '#0b0714';

/** The scripts and style sheets the built index.html loads: the entry, its preloads, its CSS. */
function entryFiles(): Set<string> {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const referenced = (text: string, pattern: RegExp) =>
    Array.from(text.matchAll(pattern)).flatMap(([, file]) => (file ? [file] : []));
  const files = new Set(referenced(html, /(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g));
  // The boot file (bootAfterFirstPaint) imports the entry.
  for (const boot of [...files].filter((file) => BOOT_FILE.test(file))) {
    for (const file of referenced(
      readFileSync(join(outDir, boot), 'utf8'),
      /import\(['"`]\/(assets\/[^'"`]+\.js)['"`]\)/g,
    ))
      files.add(file);
  }
  // A change to index.html's markup must not silently leave the offline app without its scripts.
  if (files.size === 0)
    throw new Error(
      'dist/web/index.html references no script or style sheet under /assets/: nothing of the entry to precache',
    );
  return files;
}

/**
 * The installable app (docs/decisions/049 and 062): the web app manifest, linked from
 * index.html, and our own service worker (src/web/sw/sw.ts), into which Workbox writes the precache
 * list of the build: only what a visit of any page needs before anything else, so installing costs
 * a first visit little more than the visit itself: the app shell (index.html, the offline page and
 * the mark it shows, the manifest) and the scripts and style sheets index.html references (the
 * entry, the `app` chunk, their CSS), which the page has just fetched, so the worker takes them
 * from the browser's HTTP cache. Everything else (a page's lazy chunks, fonts, the manifest's
 * icons) is cached by the worker when first used. Registration is the app's
 * (lib/service-worker.ts), after load, so the plugin injects no script.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    // The icons are the browser's to fetch when it offers the install (120 KB for the two at 512 px,
    // half a first visit): precached, every visitor would pay for them whether they install or not.
    includeManifestIcons: false,
    injectManifest: {
      // The worker names an endpoint's path from src/shared/api, as the app does, without its schemas.
      buildPlugins: { vite: [endpointsWithoutSchemas()] },
      globPatterns: ['index.html', 'offline.html', 'favicon.svg', 'assets/*.{js,css}'],
      manifestTransforms: [
        (entries) => {
          const entry = entryFiles();
          return { manifest: entries.filter(({ url }) => !url.startsWith('assets/') || entry.has(url)) };
        },
      ],
    },
    manifest: {
      id: '/',
      name: 'Soul Tribe · Psychic readings',
      short_name: 'Soul Tribe',
      description: 'Live chat, audio and video readings with verified psychic readers, billed by the minute.',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: DARK_BACKGROUND,
      background_color: DARK_BACKGROUND,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });
}

const sourceAliases = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@': fileURLToPath(new URL('./src/web', import.meta.url)),
};

/**
 * React Router 7 names only its development build in its package's exports, in production too
 * (remix-run/react-router#14102): a build of ours shipped its development warnings, checked on
 * every render and route match. Its production build beside it differs in that one switch.
 */
const resolveForBuild = {
  alias: [
    ...Object.entries(sourceAliases).map(([find, replacement]) => ({ find, replacement })),
    {
      find: /^react-router$/,
      replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
    },
  ],
};

/**
 * The server's renderer of the public pages (src/web/entry-server.tsx, decision 063), built after the
 * browser's files into dist/ssr. Assets get the same hashed names as in the browser's build, so
 * the HTML it writes points at those. React and the libraries around it are bundled in, built for
 * production whatever NODE_ENV the server runs with: from node_modules, React picks its
 * development build outside production, which rendered a page 2-3 times slower.
 */
const serverRenderer = defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react(), tailwindcss()],
  resolve: resolveForBuild,
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    // The entry is named on the command line (`vite build --ssr entry-server.tsx`, package.json).
    outDir: fileURLToPath(new URL('./dist/ssr', import.meta.url)),
    emptyOutDir: true,
  },
});

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? serverRenderer
    : {
        root: 'src/web',
        publicDir: 'public',
        plugins: [
          endpointsWithoutSchemas(),
          preloadInSlices('/'),
          react(),
          tailwindcss(),
          bootAfterFirstPaint(),
          installableApp(),
          precompress(),
        ],
        // The development server keeps React Router's warnings.
        resolve: command === 'build' ? resolveForBuild : { alias: sourceAliases },
        build: {
          outDir,
          emptyOutDir: true,
          // Every browser the app supports knows <link rel="modulepreload"> (Safari since 17, Firefox since
          // 115); one that does not fetches a chunk when it is imported instead. The polyfill was 0.3 KB
          // gzip of every page's entry (the home page's budget is 120 KB, scripts/page-budgets.ts).
          modulePreload: { polyfill: false },
          rolldownOptions: {
            output: {
              // A shared chunk's name is its hash alone: the entry lists every lazy chunk's file for
              // preloading (158 of them in stop 49), and names like `reader-profile-inputs-` cost the home
              // page's entry more than a feature's worth of code (its budget is 120 KB,
              // scripts/page-budgets.ts). A route's page keeps its name, which tells it apart in the
              // network panel and the service worker's cache.
              chunkFileNames: (chunk) =>
                chunk.name.endsWith('-page') ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
              codeSplitting: {
                groups: [
                  // Everything the entry imports statically, in one file beside it: Rolldown otherwise
                  // cut it into a dozen small common chunks (JSX runtime, API client, paths…), each one
                  // more request on every first visit.
                  { name: 'app', tags: ['$initial'], priority: 2 },
                  // The public pages' live updates by name, apart from the payload schemas: grouped
                  // otherwise with the shared modules that define schemas, they brought zod (25 KB gzip)
                  // to every visit of the directory (decision 007).
                  { name: 'live-words', test: LIVE_WORDS, priority: 1 },
                ],
              },
            },
            treeshake: {
              // A feature's index.ts only re-exports (decision 036). Free of side effects, an import through
              // it loads the module that holds the name, not every module the index lists: without this,
              // the shop's orders page loaded the whole wallet feature (+44 KB gzip).
              moduleSideEffects: (id) => (/\/src\/web\/features\/[^/]+\/index\.ts$/.test(id) ? false : undefined),
            },
          },
        },
      },
);

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
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

/** The React app (src/web/start-app.tsx), which the entry imports at a visitor's first move (decision 073). */
const START_APP = fileURLToPath(new URL('./src/web/start-app.tsx', import.meta.url));

/**
 * The app in one file (decision 073): start-app.tsx is a second input of the build, so that
 * Rolldown tags every module it loads statically (`$initial`, after its tree shaking), and the `app`
 * group of the code splitting takes those the entry does not load itself. Rolldown otherwise cut
 * the app into a dozen small common chunks (JSX runtime, API client, paths…), each one more request
 * on every first visit; a group that took the entry's few modules too (the theme, the fonts) would
 * make the entry load the whole app before the first paint. Also the files a visit needs before
 * anything else, for the service worker's precache list: the entry, the app, their imports and
 * style sheets.
 */
function appChunk() {
  const loadedByEntry = new Set<string>();
  const precached = new Set<string>();
  const plugin: Plugin = {
    name: 'soul-tribe-app-chunk',
    apply: 'build',
    buildEnd() {
      const stack = Array.from(this.getModuleIds()).filter((id) => id !== START_APP && this.getModuleInfo(id)?.isEntry);
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (loadedByEntry.has(id)) continue;
        loadedByEntry.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      if (loadedByEntry.has(START_APP))
        this.error('The entry imports start-app.tsx statically: the app would load before the page paints');
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId !== START_APP);
      const app = chunks.find((chunk) => chunk.facadeModuleId === START_APP);
      if (!entry || !app) this.error('The build has no entry chunk, or no chunk for start-app.tsx');
      const add = (fileName: string) => {
        if (precached.has(fileName)) return;
        precached.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) precached.add(css);
        for (const imported of chunk.imports) add(imported);
      };
      add(entry.fileName);
      add(app.fileName);
    },
  };
  return {
    plugin,
    input: { index: fileURLToPath(new URL('./src/web/index.html', import.meta.url)), app: START_APP },
    isEntryModule: (id: string) => loadedByEntry.has(id),
    isAppModule: (id: string) => !loadedByEntry.has(id),
    precached,
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

/**
 * The installable app (docs/decisions/049 and 062): the web app manifest, linked from
 * index.html, and our own service worker (src/web/sw/sw.ts), into which Workbox writes the precache
 * list of the build: only what a visit of any page needs before anything else, so installing costs
 * a first visit little more than the visit itself: the app shell (index.html, the offline page and
 * the mark it shows, the manifest) and the scripts and style sheets of the entry and the `app`
 * chunk (appChunk), which the page has just fetched (the worker registers once the app has started),
 * so the worker takes them from the browser's HTTP cache. Everything else (a page's lazy chunks, fonts, the manifest's
 * icons) is cached by the worker when first used. Registration is the app's
 * (lib/service-worker.ts), after load, so the plugin injects no script.
 */
function installableApp(precached: ReadonlySet<string>) {
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
          if (precached.size === 0) throw new Error('The build named no file of the entry or the app to precache');
          return { manifest: entries.filter(({ url }) => !url.startsWith('assets/') || precached.has(url)) };
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

export default defineConfig(({ command, isSsrBuild }) => {
  if (isSsrBuild) return serverRenderer;
  const app = appChunk();
  return {
    root: 'src/web',
    publicDir: 'public',
    plugins: [
      endpointsWithoutSchemas(),
      preloadInSlices('/'),
      react(),
      tailwindcss(),
      app.plugin,
      installableApp(app.precached),
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
        input: app.input,
        output: {
          // A shared chunk's name is its hash alone: the entry lists every lazy chunk's file for
          // preloading (158 of them in stop 49), and names like `reader-profile-inputs-` cost the home
          // page's entry more than a feature's worth of code (its budget is 120 KB,
          // scripts/page-budgets.ts). A route's page keeps its name, which tells it apart in the
          // network panel and the service worker's cache.
          chunkFileNames: (chunk) => (chunk.name.endsWith('-page') ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
          codeSplitting: {
            groups: [
              { name: 'entry', test: app.isEntryModule, includeDependenciesRecursively: false, priority: 3 },
              {
                name: 'app',
                tags: ['$initial'],
                test: app.isAppModule,
                includeDependenciesRecursively: false,
                priority: 2,
              },
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
  };
});

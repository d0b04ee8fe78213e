// `npm start`: the server bundle (built first when missing or stale, ~1 s), with stack traces that
// name the TypeScript sources.
import { buildServer, isServerBuildStale } from './build-server.mjs';

process.setSourceMapsEnabled(true);
if (isServerBuildStale()) {
  console.info('Building the server (missing or older than its sources)…');
  await buildServer();
}
// A computed address: the typecheck (allowJs) would otherwise read the whole bundle.
await import(new URL('../dist/server/main.js', import.meta.url).href);

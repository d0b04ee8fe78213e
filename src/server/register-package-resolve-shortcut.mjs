// The resolution shortcut for date-fns and drizzle-orm (package-resolve-shortcut.mjs) for every
// import of this process: imported first by the server's entry (main.ts), loaded with `--import` by
// Vitest's workers (vitest.config.ts), which also imports it for its own process.
import * as nodeModule from 'node:module';
import { resolveShortcut } from './package-resolve-shortcut.mjs';

// In-thread module hooks came with Node 22.15; an older Node keeps its own resolution.
if (typeof nodeModule.registerHooks === 'function') nodeModule.registerHooks({ resolve: resolveShortcut });

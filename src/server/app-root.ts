import { fileURLToPath } from 'node:url';

/**
 * The checkout's root, where `dist/web` and the migrations are found: two folders up from this file
 * in the source (src/server) and from the server bundle it is built into (dist/server) alike.
 */
export const APP_ROOT = fileURLToPath(new URL('../..', import.meta.url));

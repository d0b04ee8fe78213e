/**
 * The server as `npm start` runs it (serve.ts: its database, migrations, SIGTERM's drain), API
 * only: a test that stops and restarts a node (server-process.ts) must not build the web app, which
 * the browser tests beside it are serving.
 */
import { loadConfig } from '../../src/server/config';
import { serve } from '../../src/server/serve';

await serve(loadConfig(), { web: 'none' });

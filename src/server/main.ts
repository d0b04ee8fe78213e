import { ConfigError, formatConfigProblem, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';

/**
 * The configuration is checked before anything else is loaded (issue 42): an operator's mistake
 * is told within a second or two, not after the whole server (Better Auth, Drizzle, Socket.IO,
 * the media forwarder) has been imported, which took 10-20 s through tsx on a busy machine.
 */
async function main() {
  const config = loadConfig();
  const { serve } = await import('./serve');
  await serve(config);
}

main().catch((error) => {
  // An operator's mistake, not a bug: what to fix, one line a variable, and no stack to read past.
  if (error instanceof ConfigError) {
    console.error(['Soul Tribe cannot start:', ...error.problems.map(formatConfigProblem)].join('\n'));
  } else if (error instanceof DataDirInUseError) {
    console.error(`Soul Tribe cannot start: ${error.message}`);
  } else {
    console.error('Soul Tribe failed to start:', error);
  }
  process.exit(1);
});

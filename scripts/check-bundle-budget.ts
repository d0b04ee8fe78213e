/** `npm run check:bundle`: the home page's script budget (scripts/home-bundle-budget.ts) on a fresh app of its own. */
import { startServer } from './bench-pages';
import { checkHomeBundle } from './home-bundle-budget';

async function main(): Promise<number> {
  const server = await startServer();
  try {
    const { report, overBudget } = await checkHomeBundle(server.base);
    for (const line of report) console.info(line);
    for (const line of overBudget) console.error(line);
    return overBudget.length > 0 ? 1 : 0;
  } finally {
    server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

/** `npm run check:bundle`: the public pages' budgets (scripts/page-budgets.ts) on a fresh app of its own. */
import { startServer } from './measure-pages';
import { checkPageBudgets } from './page-budgets';

async function main(): Promise<number> {
  const server = await startServer();
  try {
    const { report, overBudget } = await checkPageBudgets(server.base);
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

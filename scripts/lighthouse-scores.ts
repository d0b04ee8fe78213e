/**
 * Lighthouse's mobile performance score of a few pages (issue 29's goal: ≥ 90 on `/`, `/readers` and
 * a profile), for `npm run bench:pages`. Lighthouse is not a dependency: 146 packages and 111 MB for
 * a figure only this benchmark prints would slow every `npm ci` (CI's first stage). Install it for a
 * run with `npm i --no-save -E lighthouse@12.2.3` (12.x: 13 wants Node 22; STACK-NOTES.md); without
 * it the benchmark says so and prints the rest.
 */
import { existsSync } from 'node:fs';

type Lighthouse = (url: string, flags: { port: number; onlyCategories: string[]; logLevel: 'error' }) => Promise<{ lhr: { categories: { performance: { score: number | null } } } } | undefined>;
type ChromeLauncher = { launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }> };

/** Each URL's score (0–100), or null when Lighthouse is not installed. */
export async function lighthouseScores(urls: string[]): Promise<Map<string, number | null> | null> {
  const lighthouse = await import('lighthouse' as string).then((module: { default: Lighthouse }) => module.default, () => null);
  const launcher = await import('chrome-launcher' as string).then((module: ChromeLauncher) => module, () => null);
  if (!lighthouse || !launcher) return null;
  const chromePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '/usr/bin/chromium-headless-shell');
  const scores = new Map<string, number | null>();
  for (const url of urls) {
    // A browser per page, as Lighthouse's own runs: nothing cached from the page before.
    const chrome = await launcher.launch({ chromePath, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
    try {
      // Lighthouse's default settings are its mobile ones: a phone's screen, a slow 4G link and a 4× slower CPU.
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
      const score = result?.lhr.categories.performance.score;
      scores.set(url, score === null || score === undefined ? null : Math.round(score * 100));
    } finally {
      chrome.kill();
    }
  }
  return scores;
}

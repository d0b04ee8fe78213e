import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
const page = await ctx.newPage();
for (const path of ['/', '/readers']) {
  await page.goto('http://127.0.0.1:5055' + path); await page.locator('main h1').first().waitFor(); await page.waitForLoadState('networkidle');
  for (const [label, b] of [['all', () => new AxeBuilder({ page })], ['cc only', () => new AxeBuilder({ page }).withRules(['color-contrast'])], ['no cc', () => new AxeBuilder({ page }).disableRules(['color-contrast'])], ['all', () => new AxeBuilder({ page })]] as const) {
    const t = Date.now(); const r = await b().analyze(); console.log(path, label, Date.now() - t, 'ms', r.violations.length, 'violations', r.passes.length, 'passes');
  }
  const t = Date.now(); const r = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze(); console.log(path, 'resultTypes violations', Date.now() - t, 'ms');
}
const n = await page.locator('*').count(); console.log('nodes', n);
await browser.close();

/**
 * The installed app's icons (web app manifest, decision 049), drawn from the brand mark of
 * src/web/public/favicon.svg by Chromium at each size, so they stay the favicon's shapes and no
 * image library is needed. `any` icons keep the round mark on a transparent ground; the maskable one
 * fills the square with the dark theme's background and keeps the mark inside the middle 80 %, the
 * safe zone a launcher's mask never cuts. Run after changing the mark: `npx tsx scripts/make-app-icons.ts`.
 */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const MARK = readFileSync('src/web/public/favicon.svg', 'utf8');
const BACKGROUND = '#0b0714';
const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage({ deviceScaleFactor: 1 });
for (const icon of ICONS) {
  const markSize = icon.maskable ? Math.round(icon.size * 0.7) : icon.size;
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(
    `<html><body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;background:${icon.maskable ? BACKGROUND : 'transparent'}">` +
      `<div style="width:${markSize}px;height:${markSize}px">${MARK.replace('<svg ', `<svg width="${markSize}" height="${markSize}" `)}</div></body></html>`,
  );
  await page.screenshot({ path: `src/web/public/icons/${icon.file}`, omitBackground: !icon.maskable });
}
await browser.close();

// Renders the PWA icons (192, 512, maskable 512) from the lotus mark with headless Chromium.
// Run once after changing the mark: node apps/web/scripts/make-icons.mjs — the PNGs are committed.
import { existsSync, mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(executablePath)) throw new Error(`No Chromium at ${executablePath}`);
const outDir = new URL('../public/icons/', import.meta.url).pathname;
mkdirSync(outDir, { recursive: true });

const lotus = `
  <path d="M32 14c5 6 7 12 7 18s-3 11-7 14c-4-3-7-8-7-14s2-12 7-18Z" fill="#fff"/>
  <path d="M14 30c7 0 12 3 15 8 1 2 2 5 3 8-6 0-11-2-14-6-2-3-4-6-4-10Zm36 0c0 4-2 7-4 10-3 4-8 6-14 6 1-3 2-6 3-8 3-5 8-8 15-8Z" fill="#fff" opacity=".85"/>`;
// "any" icons: rounded square. Maskable: full bleed, mark inside the 80 % safe zone.
const regular = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1890FF"/>${lotus}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1890FF"/><g transform="translate(12.8 12.8) scale(.6)">${lotus}</g></svg>`;

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  for (const [name, svg, size] of [
    ['icon-192.png', regular, 192],
    ['icon-512.png', regular, 512],
    ['maskable-512.png', maskable, 512],
  ]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: `${outDir}${name}`, omitBackground: true });
    await page.close();
    console.log(`wrote public/icons/${name}`);
  }
} finally {
  await browser.close();
}

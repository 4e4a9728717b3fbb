import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from '../e2e/support/server';
import { type Figure, report } from './lib/harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile))
  throw new Error('apps/web/dist/.vite/manifest.json missing: run `npm run build` first');
const TARGET_KB = 120;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

const gzipBytes = (file: string) => gzipSync(readFileSync(path.join(dist, file.replace(/^\//, '')))).length;
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function staticClosure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    staticClosure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry in the build manifest');
// The home route: router.tsx's lazyPage loads the page and the page providers together. The
// providers live in the `page-shell` chunk (vite.config.ts) or, without that group, their own.
const chunkKey = (test: (key: string, chunk: ManifestChunk & { name?: string }) => boolean, what: string) => {
  const key = Object.keys(manifest).find((candidate) =>
    test(candidate, manifest[candidate] as ManifestChunk),
  );
  if (!key) throw new Error(`no chunk for ${what} in the build manifest: update bench/bundle.ts`);
  return key;
};
const HOME_ROUTE = [
  chunkKey((key) => key === 'src/app/routes/home/home-page.tsx', 'the home page'),
  chunkKey(
    (key, chunk) => key === 'src/app/providers.tsx' || (key.startsWith('_') && chunk.name === 'page-shell'),
    'the page providers',
  ),
];
const entryFiles = [...staticClosure([entryKey])].map((key) => manifest[key]?.file as string);
const firstVisitKeys = staticClosure([entryKey, ...HOME_ROUTE]);
const firstVisitFiles = [...firstVisitKeys].map((key) => manifest[key]?.file as string);
const firstVisitCss = [...new Set([...firstVisitKeys].flatMap((key) => manifest[key]?.css ?? []))];
const sum = (files: string[]) => files.reduce((total, file) => total + gzipBytes(file), 0);

/** Scripts a first visit to `/` fetches in the given language, measured in Chromium. */
async function measureFirstVisit(baseUrl: string, language: string): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    headless: true,
  });
  try {
    // No service worker: it precaches every chunk after the first screen, which is not first-load.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
      locale: 'en-US',
    });
    // The stored language preference, as the app writes it (bench has no DOM types: a script string).
    await context.addInitScript(
      `localStorage.setItem('sabai.language', ${JSON.stringify(JSON.stringify(language))});`,
    );
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() === 'script' && url.origin === baseUrl) scripts.add(url.pathname);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    return [...scripts];
  } finally {
    await browser.close();
  }
}

const KHMER = 'src/locales/km/index.ts';
if (!manifest[KHMER]) throw new Error(`${KHMER} is not a chunk any more: update bench/bundle.ts`);
const khmerFiles = [...staticClosure([KHMER], new Set(firstVisitKeys))]
  .filter((key) => !firstVisitKeys.has(key))
  .map((key) => manifest[key]?.file as string);
const englishKb = kb(sum(firstVisitFiles));
const khmerKb = kb(sum([...firstVisitFiles, ...khmerFiles]));
const figures: Figure[] = [
  { metric: 'entry + static imports (gzip)', value: kb(sum(entryFiles)), unit: 'KB' },
  { metric: 'first screen of / in en (gzip)', value: englishKb, unit: `KB (target ≤ ${TARGET_KB})` },
  { metric: 'first screen of / in km (gzip)', value: khmerKb, unit: `KB (target ≤ ${TARGET_KB})` },
  { metric: 'first screen of / in en — files', value: firstVisitFiles.length, unit: 'files' },
  { metric: 'first screen of / — CSS (gzip)', value: kb(sum(firstVisitCss)), unit: 'KB' },
];

const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';
if (existsSync(chromiumPath)) {
  const server = await startServer();
  try {
    for (const language of ['en', 'km']) {
      const files = await measureFirstVisit(server.baseUrl, language);
      figures.push(
        {
          metric: `/ in ${language} until network idle — measured (gzip)`,
          value: kb(sum(files)),
          unit: 'KB',
        },
        { metric: `/ in ${language} until network idle — scripts`, value: files.length, unit: 'files' },
      );
    }
  } finally {
    await server.stop();
  }
} else {
  console.log(`SKIPPED the measured visit: no Chromium at ${chromiumPath} (set CHROME_PATH)`);
}
const worst = Math.max(englishKb, khmerKb);
figures.push({
  metric: 'initial JavaScript (gzip), worst first screen',
  value: worst,
  unit: `KB (target ≤ ${TARGET_KB})`,
});
report('bundle', figures);
if (worst > TARGET_KB) {
  console.log(`Initial JavaScript ${worst} KB is over the ${TARGET_KB} KB target.`);
  process.exitCode = 1;
}

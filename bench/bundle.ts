// Initial JavaScript of the web app, gzipped: what a phone downloads before the first screen.
// Reads the built index.html (run `npm run build` first) and follows its entry and preloads.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Figure, report } from './lib/harness';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const indexFile = path.join(dist, 'index.html');
if (!existsSync(indexFile)) throw new Error('apps/web/dist/index.html missing: run `npm run build` first');
const html = readFileSync(indexFile, 'utf8');
const initial = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((match) => match[1] as string);
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map(
  (match) => match[1] as string,
);

const gzipKb = (files: string[]) =>
  Math.round(
    files.reduce(
      (total, file) => total + gzipSync(readFileSync(path.join(dist, file.replace(/^\//, '')))).length,
      0,
    ) / 102.4,
  ) / 10;

const figures: Figure[] = [
  { metric: 'initial JavaScript (gzip)', value: gzipKb(initial), unit: 'KB (target ≤ 120)' },
  { metric: 'initial JavaScript files', value: initial.length, unit: 'files' },
  { metric: 'initial CSS (gzip)', value: gzipKb(css), unit: 'KB' },
];
report('bundle', figures);

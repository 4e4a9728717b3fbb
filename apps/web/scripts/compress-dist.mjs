#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the web build, so the
// server sends the precompressed file the browser asks for (@fastify/static `preCompressed`)
// without compressing on each request. Runs after `vite build` (and after the service worker is
// written, so sw.js is compressed too and the precache list never names a .br/.gz file).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
// Below this a compressed copy saves less than a packet and costs a file: the server sends it as is.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name) && statSync(full).size >= MIN_BYTES) yield full;
  }
}

let count = 0;
let raw = 0;
let brotli = 0;
for (const file of files(dist)) {
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(content, { level: 9 });
  // A copy that is not smaller is not worth sending: the server falls back to the original.
  if (br.length < content.length) writeFileSync(`${file}.br`, br);
  if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
  count += 1;
  raw += content.length;
  brotli += Math.min(br.length, content.length);
}
const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
console.log(`compressed ${count} assets: ${kb(raw)} → ${kb(brotli)} brotli`);

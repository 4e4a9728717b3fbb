#!/usr/bin/env node
// `npm run bench` runs every benchmark; `npm run bench -- <name>` runs bench/<name>.ts.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const names = process.argv.slice(2);
const all = readdirSync(dir)
  .filter((file) => file.endsWith('.ts') && !file.startsWith('lib') && !file.endsWith('.d.ts'))
  .map((file) => file.replace(/\.ts$/, ''));
const selected = names.length ? names : all;
let failed = false;
for (const name of selected) {
  if (!all.includes(name)) {
    console.error(`No benchmark named "${name}". Known: ${all.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n### bench/${name}.ts`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.ts`)], {
    stdio: 'inherit',
  });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
// `npm start`: build the web app only when its sources changed, then run the server (which applies
// migrations and loads demo data on first run). A second start with nothing changed takes seconds.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const distDir = path.join(webDir, 'dist');
const stampFile = path.join(distDir, '.source-hash');
const inputs = [
  path.join(webDir, 'src'),
  path.join(webDir, 'public'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'package.json'),
  path.join(root, 'packages/shared/src'),
  path.join(root, 'package-lock.json'),
];

function hashInputs() {
  const hash = createHash('sha256');
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    if (statSync(entry).isDirectory()) {
      for (const name of readdirSync(entry).sort()) visit(path.join(entry, name));
    } else {
      hash.update(path.relative(root, entry));
      hash.update(readFileSync(entry));
    }
  };
  for (const input of inputs) visit(input);
  return hash.digest('hex');
}

const sourceHash = hashInputs();
const builtHash = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
if (sourceHash !== builtHash || !existsSync(path.join(distDir, 'index.html'))) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@sabai/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stampFile, sourceHash);
} else {
  console.log('Web app is up to date.');
}

// The demo command is development on purpose (demo data, the dev SMS gateway, on every interface so
// a phone on the LAN can open it): said explicitly, since an unset NODE_ENV on a reachable HOST is
// refused (decision 110). NODE_ENV=production npm start runs production.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Browser journeys: playwright-core driving the system Chromium against the real server.
// Skips (exit 0, one line) when no Chromium is installed; builds the web app if dist is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';

if (!existsSync(chromium)) {
  console.log('SKIPPED: browser journeys (no Chromium at /usr/bin/chromium or CHROME_PATH)');
  process.exit(0);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

if (!existsSync(`${root}apps/web/dist/index.html`)) {
  const build = spawnSync(npm, ['run', 'build', '-w', '@sabai/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const run = spawnSync(npx, ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromium },
});
process.exit(run.status ?? 1);

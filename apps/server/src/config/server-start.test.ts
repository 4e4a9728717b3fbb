import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';

// Issue #35 finding 2 (decision 110) through the real start: `server.ts` as `npm start` runs it.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Starts the server with exactly this environment; answers once `until` is printed or it exits. */
function startServer(env: Record<string, string>, until: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let output = '';
  return new Promise<{ output: string; exitCode: number | null }>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      if (until.test(output)) {
        // Answered once it has exited: the data directory is removed after.
        child.once('exit', () => resolve({ output, exitCode: null }));
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => resolve({ output, exitCode: code }));
  });
}

describe('starting the server', () => {
  it('refuses an unset NODE_ENV on a reachable HOST, before opening anything, naming NODE_ENV', async () => {
    const started = await startServer({ HOST: '0.0.0.0', PORT: '0' }, /$^/);
    expect(started.exitCode).toBe(78);
    expect(started.output).toMatch(/NODE_ENV: unset, and HOST=0\.0\.0\.0 is reachable from other machines/);
  }, 60_000);

  it('says in one line which mode it runs in and the development features on', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sabai-start-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const started = await startServer(
      { NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' },
      /"msg":"mode: [^"]*"/,
    );
    expect(started.output).toMatch(
      /"mode":"development".*"msg":"mode: development on 127\.0\.0\.1:0; development features: dev SMS gateway, development payment webhook secret/,
    );
  }, 120_000);
});

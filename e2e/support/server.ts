import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA_TEMPLATE_ENV } from './data-template';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
  logs: () => string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Fills an empty DATA_DIR with a copy of the run's migrated and seeded template, when the journeys'
 * globalSetup made one (e2e/support/data-template.ts); without one the server prepares it itself.
 */
export function copyDataTemplate(dataDir: string): void {
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template) cpSync(template, dataDir, { recursive: true });
}

/**
 * Starts the real server (it serves apps/web/dist) on a free port with a throw-away DATA_DIR: a copy
 * of the run's migrated and seeded template (e2e/support/data-template.ts) when there is one, else empty
 * (bench scripts), so the server migrates and seeds it itself.
 * `env` adds to or overrides the journeys' environment (e.g. NODE_ENV=development, so the outbox
 * dispatcher and the jobs run and realtime events reach the browser).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sabai-e2e-'));
  // A journey that brings its own DATA_DIR (wallet) prepares it itself.
  if (!env.DATA_DIR) copyDataTemplate(dataDir);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    // The journeys read login codes from the dev outbox and confirm payments, over loopback.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SMS_DEV_OUTBOX: 'true',
      // The journeys play the payment provider too (decision 035).
      PAYMENTS_DEV_CONFIRM: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  // Migrations and the demo data on a fresh PGlite (no template): seconds on a quiet machine, over a minute on a busy one.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.status === 200) return { baseUrl, stop, logs: () => output };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`server did not become healthy on ${baseUrl}:\n${output.slice(-4000)}`);
}

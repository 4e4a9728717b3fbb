import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createLogDestination } from './log-destination';

const dir = mkdtempSync(path.join(tmpdir(), 'sabai-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The complete lines written so far (a write can still be under way). */
const readLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .slice(0, -1)
    .map((line) => JSON.parse(line) as { msg: string });

describe('buffered log destination', () => {
  it('holds short lines back, then writes them within the flush interval', async () => {
    const file = path.join(dir, 'timer.log');
    const logger = pino({}, createLogDestination(file));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the file opens asynchronously
    logger.info('first request');
    logger.info('second request');
    expect(readFileSync(file, 'utf8')).toBe('');
    await expect
      .poll(() => readLines(file).map((line) => line.msg), { timeout: 2000 })
      .toEqual(['first request', 'second request']);
  });

  it('writes as soon as 64 KB are waiting, without waiting for the interval, in order, losing nothing', async () => {
    // Only the 250 ms flush is held: what reaches the file before the test moves it on was written by size.
    vi.useFakeTimers({ toFake: ['setInterval'] });
    try {
      const file = path.join(dir, 'volume.log');
      const logger = pino({}, createLogDestination(file));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const count = 1_000; // about 85 KB of lines
      for (let index = 0; index < count; index += 1) logger.info(`request ${index}`);
      await expect.poll(() => readLines(file).length, { timeout: 2000 }).toBeGreaterThanOrEqual(600);
      expect(readLines(file).length).toBeLessThan(count);

      vi.advanceTimersByTime(250);
      await expect.poll(() => readLines(file).length, { timeout: 2000 }).toBe(count);
      expect(readLines(file).map((line) => line.msg)).toEqual(
        Array.from({ length: count }, (_, index) => `request ${index}`),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('log destination at exit', () => {
  it('writes out pending lines when the process exits', async () => {
    const file = path.join(dir, 'exit.log');
    const script = `
      import pino from 'pino';
      import { createLogDestination } from ${JSON.stringify(path.resolve(import.meta.dirname, 'log-destination.ts'))};
      const logger = pino({}, createLogDestination(${JSON.stringify(file)}));
      setTimeout(() => { logger.info('last words'); process.exit(0); }, 50);
    `;
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: import.meta.dirname,
    });
    expect(readLines(file).map((line) => line.msg)).toEqual(['last words']);
  });
});

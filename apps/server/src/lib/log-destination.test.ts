import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(tmpdir(), 'sabai-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The complete lines written so far (a write can still be under way). */
const readLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .slice(0, -1)
    .map((line) => JSON.parse(line) as { msg: string });

/**
 * Runs `body` in a child process with `logger` writing through the log destination to `file`
 * (opened before the logger, so the destination is ready at once, as stdout is in the server).
 */
function runLogging(file: string, body: string) {
  const script = `
    import { openSync, readFileSync } from 'node:fs';
    import pino from 'pino';
    import { createLogDestination } from ${JSON.stringify(path.resolve(import.meta.dirname, 'log-destination.ts'))};
    const logger = pino({}, createLogDestination(openSync(${JSON.stringify(file)}, 'a')));
    ${body}
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: import.meta.dirname,
    encoding: 'utf8',
  });
}

describe('buffered log destination', () => {
  it('holds short lines back, then writes them within the flush interval', () => {
    const file = path.join(dir, 'timer.log');
    const result = runLogging(
      file,
      `
      logger.info('first request');
      logger.info('second request');
      const before = readFileSync(${JSON.stringify(file)}, 'utf8');
      setTimeout(() => {
        console.log(JSON.stringify({ before, after: readFileSync(${JSON.stringify(file)}, 'utf8') }));
        process.kill(process.pid, 'SIGKILL');
      }, 600);
    `,
    );
    const { before, after } = JSON.parse(result.stdout) as { before: string; after: string };
    expect(before).toBe('');
    expect(
      after
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).msg),
    ).toEqual(['first request', 'second request']);
  });
});

describe('log destination when the process ends', () => {
  it('writes an error line, and the lines before it, at once: a hard kill right after loses neither', () => {
    const file = path.join(dir, 'killed.log');
    const result = runLogging(
      file,
      `
      logger.info('request before the failure');
      logger.error('database gone');
      process.kill(process.pid, 'SIGKILL');
    `,
    );
    expect(result.signal).toBe('SIGKILL');
    expect(readLines(file).map((line) => line.msg)).toEqual(['request before the failure', 'database gone']);
  });

  it('writes out pending lines when the process exits', () => {
    const file = path.join(dir, 'exit.log');
    runLogging(file, `logger.info('last words'); process.exit(0);`);
    expect(readLines(file).map((line) => line.msg)).toEqual(['last words']);
  });

  it('writes out pending lines when the process dies of an uncaught exception', () => {
    const file = path.join(dir, 'crash.log');
    const result = runLogging(file, `logger.warn('about to fail'); throw new Error('boom');`);
    expect(result.status).toBe(1);
    expect(readLines(file).map((line) => line.msg)).toEqual(['about to fail']);
  });
});

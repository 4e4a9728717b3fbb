import { execFile } from 'node:child_process';

/**
 * Posts the worst-case form body (`a=&` repeated to fill `bodyBytes`) `times` times from another
 * process, so the calling process is only the server: the client's own work of building and sending
 * a megabyte must not count against /health. Used by `form-body.test.ts` and `bench/form-body.ts`.
 */
export function attackFromAnotherProcess(
  url: string,
  times: number,
  bodyBytes: number,
): Promise<{ statuses: number[]; bodies: unknown[] }> {
  const script = `
    const body = 'a=&'.repeat(Math.floor((${bodyBytes} - 16) / 3));
    const statuses = [], bodies = [];
    for (let i = 0; i < ${times}; i++) {
      const response = await fetch(${JSON.stringify(url)}, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'zh-CN' },
        body,
      });
      statuses.push(response.status);
      bodies.push(await response.json());
    }
    process.stdout.write(JSON.stringify({ statuses, bodies }));`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout)),
    );
  });
}

/** How long each /health took (ms) while `work` was in flight, one request after another. */
export async function healthTimesDuring(baseUrl: string, work: Promise<unknown>): Promise<number[]> {
  let done = false;
  void work.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    const health = await fetch(`${baseUrl}/health`);
    await health.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

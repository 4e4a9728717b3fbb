import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the cross-process tests use: REDIS_URL, or one on this machine's default port. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Why the tests that need Redis cannot run here (it does not answer within a second), or null when
 * it answers PING. The address is named without credentials.
 */
export async function redisUnavailableReason(url = TEST_REDIS_URL): Promise<string | null> {
  const where = (() => {
    try {
      return new URL(url).host;
    } catch {
      return 'REDIS_URL';
    }
  })();
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // The connect promise only says the connection closed; the error event says why (refused, unknown host).
  let cause: Error | undefined;
  client.on('error', (error: Error) => {
    cause = error;
  });
  try {
    await client.connect();
    const answer = await client.ping();
    return answer === 'PONG' ? null : `Redis at ${where} answered ${answer} to PING`;
  } catch (error) {
    return `Redis at ${where} does not answer (${(cause ?? (error as Error)).message})`;
  } finally {
    client.disconnect();
  }
}

/**
 * A channel no other run shares: test runs (and developers) on the same Redis must not hear each
 * other's events, or a delivered-once check would count a stranger's message.
 */
export function uniqueTestChannel(name: string): string {
  return `sabai-test:${name}:${process.pid}:${randomUUID()}`;
}

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Per-route limits (`config: { rateLimit }`), nothing global. With REDIS_URL the counters live in
 * Redis, so several server processes behind a load balancer share one limit per client; the
 * connection opens before the app is ready (a wrong URL stops the start) and closes with the app.
 */
export async function registerRateLimit(app: FastifyInstance, options: { redisUrl: string | undefined }) {
  if (!options.redisUrl) {
    await app.register(rateLimit, { global: false });
    return;
  }
  const redis = new Redis(options.redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    connectionName: 'sabai-rate-limit',
  });
  await redis.connect();
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'sabai:rate-limit:',
    // A Redis outage must not lock everyone out of login; the SMS limits kept in the database still hold.
    skipOnError: true,
  });
}

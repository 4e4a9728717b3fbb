// `npm run bench -- chat`: chat across two server processes through Redis (issue #15's performance
// item). Two apps on one database, each with its own Redis connections (as server.ts builds them
// with REDIS_URL), stand in for the two processes: PGlite is one process's database, so they share
// this one. The clients live in a separate load-generator process (bench/lib/chat-load.mjs): each
// conversation has its customer's socket on the first app and customer service's on the second;
// customers send over HTTP to the first app, and every message must reach the agent's socket on
// the second exactly once, in order. Scaled to this 2-core machine: BENCH_CHAT_CONVERSATIONS,
// BENCH_CHAT_RATE (messages/s), BENCH_CHAT_SECONDS change it.
import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { parseEnv } from '../apps/server/src/config/env';
import { queryRows } from '../apps/server/src/db/client';
import { seedReferenceData } from '../apps/server/src/db/seed/reference';
import { createLogDestination } from '../apps/server/src/lib/log-destination';
import { newSessionToken, tokenHash } from '../apps/server/src/modules/identity/session-tokens';
import { createRedisEventBus } from '../apps/server/src/modules/realtime';
import { redisUnavailableReason, TEST_REDIS_URL } from '../apps/server/test/redis';
import { onThrowawayPglite } from './lib/bench-server';
import { type Figure, listen, report, runLoadGenerator, throwawayDir } from './lib/harness';

const CONVERSATIONS = Number(process.env.BENCH_CHAT_CONVERSATIONS ?? 200);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
/** Customer service agents: each serves many customers (the send limit is per sender, 10 in 10 s). */
const AGENTS = Math.max(1, Math.ceil(CONVERSATIONS / 50));
interface LoadResult {
  clients: number;
  sent: number;
  sendErrors: number;
  delivered: number;
  duplicates: number;
  missing: number;
  outOfOrder: number;
  answerP99Ms: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  messagesPerSecond: number;
}

const LOAD_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib', 'chat-load.mjs');

const unavailable = await redisUnavailableReason();
if (unavailable) {
  console.log(`bench/chat: skipped, ${unavailable} (set REDIS_URL to a Redis this machine reaches)`);
  process.exit(0);
}
if (RATE / CONVERSATIONS > 0.9)
  throw new Error(
    'each customer may send 10 messages in 10 s: raise BENCH_CHAT_CONVERSATIONS or lower the rate',
  );

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const figures = await onThrowawayPglite('chat', async (database, dataDir) => {
  await database.migrate();
  await seedReferenceData(database.db);
  const db = database.db;

  // Customers and customer service agents with a login each, written in bulk.
  const runId = randomUUID().slice(0, 8);
  await db.execute(sql`insert into users (user_name, nickname, created_at, updated_at)
    select 'bench-chat-' || ${runId} || '-' || g, 'Chat ' || g, now(), now()
    from generate_series(1, ${CONVERSATIONS + AGENTS}) g`);
  const users = await queryRows<{ id: number }>(
    db,
    sql`select id from users where user_name like ${`bench-chat-${runId}-%`} order by id`,
  );
  const agents = users.slice(0, AGENTS).map((user) => user.id);
  const customers = users.slice(AGENTS).map((user) => user.id);
  await db.execute(sql`insert into user_roles (user_id, role)
    select id, 'customer_service' from unnest(${`{${agents.join(',')}}`}::int[]) as x(id)`);
  await db.execute(sql`insert into user_roles (user_id, role)
    select id, 'customer' from unnest(${`{${customers.join(',')}}`}::int[]) as x(id)`);
  const tokens = users.map(() => newSessionToken());
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 24 * 3_600_000).toISOString();
  await db.execute(sql`insert into sessions (user_id, token_hash, created_at, authenticated_at, last_used_at, expires_at)
    select u, h, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz, ${expires}::timestamptz
    from unnest(${`{${users.map((user) => user.id).join(',')}}`}::int[], ${`{${tokens.map(tokenHash).join(',')}}`}::text[]) as x(u, h)`);
  const tokenOf = new Map(users.map((user, index) => [user.id, tokens[index] as string]));

  // The two processes, on a Redis channel of this run's own.
  const channel = `sabai-bench:chat:${process.pid}:${runId}`;
  const config = parseEnv({
    NODE_ENV: 'production',
    SMS_DEV_IN_PRODUCTION: 'true',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
  });
  const apps = [];
  for (let n = 0; n < 2; n++) {
    const bus = await createRedisEventBus(TEST_REDIS_URL, { channel });
    const app = await buildApp({ config, database, bus, logStream: createLogDestination('/dev/null') });
    apps.push({ app, bus, base: await listen(app) });
  }
  const [first, second] = apps as [(typeof apps)[0], (typeof apps)[0]];

  // One conversation per customer, with one of the agents (customer service chat is always open).
  const conversations: { id: number; customerToken: string; agentToken: string }[] = [];
  for (const [index, customer] of customers.entries()) {
    const agent = agents[index % AGENTS] as number;
    const response = await first.app.inject({
      method: 'POST',
      url: '/app/chat/conversations',
      headers: { token: tokenOf.get(customer) as string },
      payload: { toUid: agent },
    });
    const body = response.json();
    if (body.code !== 0) throw new Error(`conversation: ${response.body}`);
    conversations.push({
      id: body.data.id,
      customerToken: tokenOf.get(customer) as string,
      agentToken: tokenOf.get(agent) as string,
    });
  }

  const plan = throwawayDir('chat-plan');
  const planFile = path.join(plan.dir, 'plan.json');
  writeFileSync(
    planFile,
    JSON.stringify({
      first: first.base,
      second: second.base,
      conversations,
      rate: RATE,
      seconds: SECONDS,
    }),
  );
  // The load generator connects every socket, then waits for the heap to be measured before sending.
  const heapBefore = heapUsed();
  let heapConnected = 0;
  let result: LoadResult;
  try {
    const running = runLoadGenerator(LOAD_SCRIPT, [planFile]);
    let failedEarly: unknown;
    running.catch((error) => {
      failedEarly = error;
    });
    while (!existsSync(`${planFile}.connected`)) {
      if (failedEarly) throw failedEarly;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    heapConnected = heapUsed();
    writeFileSync(`${planFile}.measured`, '');
    result = JSON.parse(await running);
  } finally {
    plan.remove();
  }
  for (const { app, bus } of apps) {
    await app.close();
    await bus.close();
  }
  const clients = result.clients;
  const heapPerConnection = Math.round((heapConnected - heapBefore) / clients);
  if (result.duplicates || result.missing || result.outOfOrder)
    console.error(
      `bench/chat: delivered-once check FAILED: ${result.duplicates} duplicated, ${result.missing} missing, ${result.outOfOrder} out of order`,
    );
  return [
    { metric: 'connected WebSocket clients (2 per conversation)', value: clients, unit: 'clients' },
    { metric: 'messages sent to process 1 (target rate)', value: RATE, unit: 'msg/s' },
    { metric: 'messages delivered on process 2', value: result.messagesPerSecond, unit: 'msg/s' },
    { metric: 'messages sent', value: result.sent, unit: 'messages' },
    { metric: 'send errors', value: result.sendErrors, unit: 'requests' },
    { metric: 'send answered by process 1, p99', value: result.answerP99Ms, unit: 'ms' },
    { metric: 'send-to-delivery p50', value: result.p50Ms, unit: 'ms' },
    { metric: 'send-to-delivery p99', value: result.p99Ms, unit: 'ms (target ≤ 30)' },
    { metric: 'send-to-delivery max', value: result.maxMs, unit: 'ms' },
    {
      metric: 'server heap per connection (after GC, all subscribed)',
      value: heapPerConnection,
      unit: 'B (target ≤ 10 KB)',
    },
    { metric: 'delivered exactly once', value: result.delivered, unit: 'messages' },
    { metric: 'duplicated deliveries', value: result.duplicates, unit: 'messages (must be 0)' },
    { metric: 'missing deliveries', value: result.missing, unit: 'messages (must be 0)' },
    { metric: 'out of order in a conversation', value: result.outOfOrder, unit: 'messages (must be 0)' },
  ] satisfies Figure[];
});

report('chat', figures);
const failed = figures.filter((figure) => figure.unit.includes('must be 0') && figure.value !== 0);
process.exit(failed.length ? 1 : 0);

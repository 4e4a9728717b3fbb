// `npm run bench -- chat`: chat across two server processes through Redis (issue #15's performance
// item: 2,000 connected clients, 500 messages/s crossing processes for 30 s, p99 send-to-delivery
// ≤ 30 ms, server heap ≤ 10 KB per connection, every message delivered exactly once in order per
// conversation, also when one process is killed mid-run and its clients reconnect to the other).
//
// With DATABASE_URL (PostgreSQL) and Redis (REDIS_URL, or redis://127.0.0.1:6379): two real server
// processes, started as `npm start` starts the server (`node --import tsx apps/server/src/server.ts`
// with NODE_ENV=production, DATABASE_URL, REDIS_URL, LOG_LEVEL=info, logs to a file), on a database
// of this run's own (created next to DATABASE_URL's and dropped afterwards) and a Redis channel of
// its own (REALTIME_CHANNEL), plus the load generator (bench/lib/chat-load.mjs) in a third process
// with every client's socket. Each conversation is a customer and a customer service agent; the
// customer's socket is on one process, the agent's on the other (half the customers on each), the
// customer sends over HTTP to its own process and the message must reach the agent on the other.
// Two runs, each on a fresh database and fresh processes:
//   steady  both processes up throughout;
//   kill    halfway through the sends the load generator SIGKILLs the second process; its
//           clients reconnect to the first (the web app's backoff and `since` replay, then an HTTP
//           catch-up from the last message seen), unanswered sends go again with the same uniqueId.
// BENCH_CHAT_RUNS=steady or =kill runs one of them. Defaults: 1,000 conversations (2,000 clients),
// 500 msg/s, 30 s (BENCH_CHAT_CONVERSATIONS, BENCH_CHAT_RATE, BENCH_CHAT_SECONDS).
// Before the measured run both processes are warmed on the same connections (decision 078): sends
// ramping from 0 to the rate over BENCH_CHAT_WARMUP_SECONDS (5; 0 for none), all delivered before
// the measured sends start; they count in no figure or check (the output gives how many there were).
//
// Heap per connection: each server process runs with the inspector on a loopback port of its own
// (`--inspect=127.0.0.1:0`); the bench asks it for two full GCs (HeapProfiler.collectGarbage) and
// then `process.memoryUsage().heapUsed` (Runtime.evaluate), once after the conversations are made
// (before any socket; each customer opened its conversation on its own process, so both have
// served the same requests) and once with every socket connected and subscribed: the difference
// over that process's sockets. Nothing in the server is there for the benchmark.
// BENCH_CHAT_CPU_PROF=<dir> runs both servers with `--cpu-prof` (profiles written when they stop);
// BENCH_CHAT_HEAP_SNAPSHOT=<dir> writes each process's heap snapshot at both heap measures.
//
// Without DATABASE_URL: the PGlite variant, ONE process (PGlite is one process's database): two
// apps with their own Redis buses inside the bench process, 200 conversations, 20 msg/s, 10 s, no
// kill run; its figures say so.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app';
import { parseEnv } from '../apps/server/src/config/env';
import { type Database, openDatabase, queryRows } from '../apps/server/src/db/client';
import { seedReferenceData } from '../apps/server/src/db/seed/reference';
import { createLogDestination } from '../apps/server/src/lib/log-destination';
import { newSessionToken, tokenHash } from '../apps/server/src/modules/identity/session-tokens';
import { createRedisEventBus } from '../apps/server/src/modules/realtime';
import { redisUnavailableReason, TEST_REDIS_URL } from '../apps/server/test/redis';
import { onThrowawayPglite } from './lib/bench-server';
import { timeDiskFlushes } from './lib/disk-flush';
import { type Figure, listen, report, runLoadGenerator, throwawayDir } from './lib/harness';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(HERE, '..');
const LOAD_SCRIPT = path.join(HERE, 'lib', 'chat-load.mjs');
const DATABASE_URL = process.env.DATABASE_URL;
const MULTI_PROCESS = Boolean(DATABASE_URL);
const CONVERSATIONS = Number(process.env.BENCH_CHAT_CONVERSATIONS ?? (MULTI_PROCESS ? 1_000 : 200));
const RATE = Number(process.env.BENCH_CHAT_RATE ?? (MULTI_PROCESS ? 500 : 20));
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? (MULTI_PROCESS ? 30 : 10));
/** Sends before the measured run, ramping to RATE (decision 078): not counted, said in the output. */
const WARM_UP_SECONDS = Number(process.env.BENCH_CHAT_WARMUP_SECONDS ?? 5);
const RUNS = (process.env.BENCH_CHAT_RUNS ?? (MULTI_PROCESS ? 'steady,kill' : 'steady'))
  .split(',')
  .map((run) => run.trim()) as ('steady' | 'kill')[];
const CPU_PROFILE_DIR = process.env.BENCH_CHAT_CPU_PROF;
const HEAP_SNAPSHOT_DIR = process.env.BENCH_CHAT_HEAP_SNAPSHOT;
/**
 * BENCH_CHAT_LOOP_PROBE=<dir>: both servers and the load generator write their event-loop delay,
 * GC pauses and CPU per second there (bench/lib/loop-probe.mjs, preloaded), and the load generator
 * its per-second latencies and the cores each part of the machine used while it sent; with
 * BENCH_CHAT_STATEMENTS=1 too, the servers count their statements by text (cumulative, each second).
 */
const LOOP_PROBE_DIR = process.env.BENCH_CHAT_LOOP_PROBE;
const LOOP_PROBE = path.join(HERE, 'lib', 'loop-probe.mjs');
if (LOOP_PROBE_DIR)
  Object.assign(process.env, {
    BENCH_LOOP_PROBE_DIR: LOOP_PROBE_DIR,
    BENCH_LOOP_PROBE_NAME: 'load-generator',
  });
/** Customer service agents: each serves many customers (the send limit is per sender, 10 in 10 s). */
const AGENTS = Math.max(1, Math.ceil(CONVERSATIONS / 50));

interface LoadResult {
  clients: number;
  sent: number;
  accepted: number;
  refused: number;
  firstRefusal?: string;
  lost: number;
  resends: number;
  delivered: number;
  duplicates: number;
  missing: number;
  outOfOrder: number;
  reconnects: number;
  httpCatchUps: number;
  caughtUpOverHttp: number;
  stray: number;
  answerP99Ms: number;
  p50Ms: number;
  p99Ms: number;
  p99AfterFirst5sMs: number;
  maxMs: number;
  messagesPerSecond: number;
  resubscribedAfterKillMs: number | null;
  warmUp: {
    seconds: number;
    sent: number;
    accepted: number;
    refused: number;
    delivered: number;
    firstRefusal?: string;
  };
}

interface BenchConversation {
  id: number;
  customerId: number;
  agentId: number;
  customerToken: string;
  agentToken: string;
  /** The process (0 or 1) the customer's socket and sends go to; the agent's socket is on the other. */
  customerHome: number;
}

const unavailable = await redisUnavailableReason();
if (unavailable) {
  console.log(`bench/chat: skipped, ${unavailable} (set REDIS_URL to a Redis this machine reaches)`);
  process.exit(0);
}
// The warm-up's sends count in the same 10-s window as the first measured ones.
if (10 * (RATE / CONVERSATIONS) + Math.ceil((RATE * WARM_UP_SECONDS) / 2 / CONVERSATIONS) > 10)
  throw new Error(
    'each customer may send 10 messages in 10 s: raise BENCH_CHAT_CONVERSATIONS or lower the rate (or the warm-up)',
  );

/** Customers and customer service agents with a login each, written in bulk. */
async function seedPeople(db: Database['db']) {
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
  return { agents, customers, tokenOf };
}

/** One conversation per customer with one of the agents (customer service chat is always open). */
async function openConversations(
  people: Awaited<ReturnType<typeof seedPeople>>,
  open: (token: string, toUid: number, home: number) => Promise<{ code: number; data: { id: number } }>,
): Promise<BenchConversation[]> {
  const { agents, customers, tokenOf } = people;
  const conversations: BenchConversation[] = [];
  const byIndex = async (index: number) => {
    const customer = customers[index] as number;
    const agent = agents[index % AGENTS] as number;
    const answer = await open(tokenOf.get(customer) as string, agent, index % 2);
    if (answer.code !== 0) throw new Error(`conversation: ${JSON.stringify(answer)}`);
    conversations[index] = {
      id: answer.data.id,
      customerId: customer,
      agentId: agent,
      customerToken: tokenOf.get(customer) as string,
      agentToken: tokenOf.get(agent) as string,
      customerHome: index % 2,
    };
  };
  for (let start = 0; start < customers.length; start += 20) {
    await Promise.all(customers.slice(start, start + 20).map((_, offset) => byIndex(start + offset)));
  }
  return conversations;
}

/**
 * Runs the load generator with `plan`; `measure` runs when every socket is subscribed, before any
 * message is sent.
 */
async function runClients(plan: object, measure: () => Promise<void>): Promise<LoadResult> {
  const dir = throwawayDir('chat-plan');
  const planFile = path.join(dir.dir, 'plan.json');
  writeFileSync(planFile, JSON.stringify(plan));
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
    await measure();
    writeFileSync(`${planFile}.measured`, '');
    return JSON.parse(await running) as LoadResult;
  } finally {
    dir.remove();
  }
}

function loadFigures(label: string, result: LoadResult, heap: Figure[], drainSeconds: number): Figure[] {
  if (result.duplicates || result.missing || result.outOfOrder || result.lost)
    console.error(
      `bench/chat (${label}): delivered-once check FAILED: ${result.duplicates} duplicated, ${result.missing} missing, ${result.outOfOrder} out of order, ${result.lost} sends never answered`,
    );
  const figure = (metric: string, value: number, unit: string): Figure => ({
    metric: `${label}: ${metric}`,
    value,
    unit,
  });
  return [
    figure('connected WebSocket clients (2 per conversation)', result.clients, 'clients'),
    figure(
      `warm-up before measuring (not counted below): sends ramping 0 → ${RATE} msg/s over ${result.warmUp.seconds} s, accepted / delivered`,
      result.warmUp.accepted,
      `of ${result.warmUp.sent} sent, ${result.warmUp.delivered} delivered${result.warmUp.refused ? `, ${result.warmUp.refused} refused (${result.warmUp.firstRefusal})` : ''}`,
    ),
    figure('messages sent (target rate)', RATE, 'msg/s'),
    figure('messages delivered to the other process', result.messagesPerSecond, 'msg/s'),
    figure('messages sent', result.sent, 'messages'),
    figure(
      'sends refused',
      result.refused,
      `answers${result.firstRefusal ? ` (${result.firstRefusal})` : ''}`,
    ),
    figure('sends sent again after no answer (same uniqueId)', result.resends, 'requests'),
    figure('sends never answered', result.lost, 'messages (must be 0)'),
    figure('send answered, p99 (first attempt to answer)', result.answerP99Ms, 'ms'),
    figure('send-to-delivery p50', result.p50Ms, 'ms'),
    figure('send-to-delivery p99', result.p99Ms, 'ms (target ≤ 30)'),
    figure('send-to-delivery p99 of the messages sent after the first 5 s', result.p99AfterFirst5sMs, 'ms'),
    figure('send-to-delivery max', result.maxMs, 'ms'),
    ...heap,
    figure('delivered exactly once', result.delivered, `of ${result.accepted} accepted messages`),
    figure('duplicated deliveries', result.duplicates, 'messages (must be 0)'),
    figure(
      `missing deliveries (none within ${drainSeconds} s after the last send)`,
      result.missing,
      'messages (must be 0)',
    ),
    figure('out of order on a socket', result.outOfOrder, 'events (must be 0)'),
    figure('socket reconnects', result.reconnects, 'clients'),
    figure('messages first seen through the HTTP catch-up', result.caughtUpOverHttp, 'messages'),
    ...(result.resubscribedAfterKillMs !== null
      ? [figure('kill to the last client subscribed again', result.resubscribedAfterKillMs, 'ms')]
      : []),
  ];
}

// ---- Two real server processes on PostgreSQL ---------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface ServerProcess {
  pid: number;
  base: string;
  inspector: string;
  child: ChildProcess;
  exited: Promise<void>;
}

/** The server entry as `npm start` runs it, with the inspector on a loopback port for the heap figure. */
async function startServer(env: Record<string, string>, logFile: string): Promise<ServerProcess> {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    [
      '--inspect=127.0.0.1:0',
      ...(CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : []),
      ...(LOOP_PROBE_DIR ? ['--import', LOOP_PROBE] : []),
      '--import',
      'tsx',
      'apps/server/src/server.ts',
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        ...(LOOP_PROBE_DIR
          ? {
              BENCH_LOOP_PROBE_DIR: LOOP_PROBE_DIR,
              BENCH_LOOP_PROBE_NAME: path.basename(logFile, '.log'),
              ...(process.env.BENCH_CHAT_STATEMENTS ? { BENCH_LOOP_PROBE_STATEMENTS: '1' } : {}),
            }
          : {}),
      },
      stdio: ['ignore', log, 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  let inspector: string | undefined;
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    writeSync(log, chunk);
    inspector ??= /ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/.exec(stderr)?.[0];
  });
  void exited.then(() => closeSync(log));
  const base = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (let waited = 0; ; waited += 200) {
    if (gone || waited > 120_000)
      throw new Error(`server did not start:\n${readFileSync(logFile, 'utf8').slice(-3_000)}`);
    const answered = await fetch(`${base}/app/chat/unread-count`)
      .then(() => true)
      .catch(() => false);
    if (answered && inspector) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { pid: child.pid as number, base, inspector: inspector as string, child, exited };
}

async function stopServer(server: ServerProcess) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timeout = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
  await server.exited;
  clearTimeout(timeout);
}

/**
 * Heap in use after two full collections, asked of the process through its inspector; with
 * `snapshotPath` (BENCH_CHAT_HEAP_SNAPSHOT) a heap snapshot is written there too, to see what holds it.
 */
async function heapUsedOf(inspector: string, snapshotPath?: string): Promise<number> {
  const socket = new WebSocket(inspector);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const pending = new Map<number, (answer: { result?: { result?: { value?: unknown } } }) => void>();
  const chunks: string[] = [];
  socket.on('message', (data) => {
    const answer = JSON.parse(String(data));
    if (answer.method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(answer.params.chunk);
    pending.get(answer.id)?.(answer);
  });
  let next = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { result?: { value?: unknown } } }>((resolve) => {
      next += 1;
      pending.set(next, resolve);
      socket.send(JSON.stringify({ id: next, method, params }));
    });
  await call('HeapProfiler.collectGarbage');
  await call('HeapProfiler.collectGarbage');
  const answer = await call('Runtime.evaluate', {
    expression: 'process.memoryUsage().heapUsed',
    returnByValue: true,
  });
  if (snapshotPath) {
    await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    writeFileSync(snapshotPath, chunks.join(''));
  }
  socket.close();
  const value = answer.result?.result?.value;
  if (typeof value !== 'number') throw new Error(`inspector answered ${JSON.stringify(answer)}`);
  return value;
}

async function multiProcessRun(mode: 'steady' | 'kill'): Promise<Figure[]> {
  const name = `sabai_bench_chat_${process.pid}_${mode}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const target = new URL(DATABASE_URL as string);
  target.pathname = `/${name}`;
  const data = throwawayDir(`chat-${mode}`);
  const servers: ServerProcess[] = [];
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 4 });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const people = await seedPeople(database.db);
    const env = {
      NODE_ENV: 'production',
      SMS_DEV_IN_PRODUCTION: 'true',
      DATABASE_URL: target.toString(),
      REDIS_URL: TEST_REDIS_URL,
      REALTIME_CHANNEL: `sabai-bench:chat:${process.pid}:${randomUUID()}`,
      DATA_DIR: data.dir,
      LOG_LEVEL: process.env.BENCH_CHAT_LOG_LEVEL ?? 'info',
      SEED_DEMO_DATA: 'false',
    };
    for (let n = 0; n < 2; n++) servers.push(await startServer(env, path.join(data.dir, `server-${n}.log`)));
    // Each customer opens its conversation on its own process, so both processes have served the
    // same requests (and compiled the same code) before the heap's first measure: opened all on
    // the first, the second's figure counted ~1 KB per socket of one-off compiled code (decision 066).
    const conversations = await openConversations(
      people,
      async (token, toUid, home) =>
        (
          await fetch(`${(servers[home] as ServerProcess).base}/app/chat/conversations`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', token },
            body: JSON.stringify({ toUid }),
          })
        ).json() as Promise<{ code: number; data: { id: number } }>,
    );
    const snapshotOf = (n: number, moment: string) =>
      HEAP_SNAPSHOT_DIR
        ? path.join(HEAP_SNAPSHOT_DIR, `${mode}-p${n + 1}-${moment}.heapsnapshot`)
        : undefined;
    const heapBefore = await Promise.all(
      servers.map((server, n) => heapUsedOf(server.inspector, snapshotOf(n, 'before'))),
    );
    // A message whose outbox event the killed process had claimed waits out the lease (5 s).
    const drainSeconds = mode === 'kill' ? 20 : 10;
    let heapConnected: number[] = [];
    const result = await runClients(
      {
        processes: servers.map((server) => ({ base: server.base, pid: server.pid })),
        conversations,
        rate: RATE,
        seconds: SECONDS,
        kill: mode === 'kill' ? { process: 1 } : null,
        drainSeconds,
        warmUpSeconds: WARM_UP_SECONDS,
      },
      async () => {
        heapConnected = await Promise.all(
          servers.map((server, n) => heapUsedOf(server.inspector, snapshotOf(n, 'connected'))),
        );
      },
    );
    const perProcess = result.clients / 2;
    const heap = servers.map((_, n) => ({
      metric: `${mode}: process ${n + 1} heap per connection (after GC, ${perProcess} sockets subscribed)`,
      value: Math.round(((heapConnected[n] as number) - (heapBefore[n] as number)) / perProcess),
      unit: 'B (target ≤ 10 KB)',
    }));
    return loadFigures(mode, result, heap, drainSeconds);
  } finally {
    await Promise.all(servers.map(stopServer));
    await database.close();
    data.remove();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** A folder on the file system of PostgreSQL's data (its parent), when the server runs on this machine. */
async function besidePostgresData(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ data_directory: string }>('show data_directory');
    const parent = rows[0] ? path.dirname(rows[0].data_directory) : undefined;
    return parent && existsSync(parent) ? parent : undefined;
  } finally {
    await client.end();
  }
}

// ---- One process on PGlite -----------------------------------------------------------------------

async function pgliteRun(): Promise<Figure[]> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const heapUsed = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  return onThrowawayPglite('chat', async (database, dataDir) => {
    await database.migrate();
    await seedReferenceData(database.db);
    const people = await seedPeople(database.db);
    const channel = `sabai-bench:chat:${process.pid}:${randomUUID()}`;
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
    const [first] = apps as [(typeof apps)[0]];
    const conversations = await openConversations(people, async (token, toUid) =>
      (
        await first.app.inject({
          method: 'POST',
          url: '/app/chat/conversations',
          headers: { token },
          payload: { toUid },
        })
      ).json(),
    );
    const heapBefore = heapUsed();
    let heapConnected = 0;
    const result = await runClients(
      {
        processes: apps.map((app) => ({ base: app.base, pid: null })),
        conversations,
        rate: RATE,
        seconds: SECONDS,
        kill: null,
        drainSeconds: 10,
        warmUpSeconds: WARM_UP_SECONDS,
      },
      async () => {
        heapConnected = heapUsed();
      },
    );
    for (const { app, bus } of apps) {
      await app.close();
      await bus.close();
    }
    return loadFigures(
      'PGlite, ONE process (both apps in it)',
      result,
      [
        {
          metric: 'PGlite, ONE process: heap per connection (after GC, both apps, all subscribed)',
          value: Math.round((heapConnected - heapBefore) / result.clients),
          unit: 'B (target ≤ 10 KB)',
        },
      ],
      10,
    );
  });
}

const load = () => loadavg().map((value) => Math.round(value * 100) / 100);
const loadBefore = load();
const figures: Figure[] = [];
const flushDir = MULTI_PROCESS ? await besidePostgresData() : undefined;
if (flushDir) {
  // Every send waits for its commit's WAL flush; the disk's own flush times bound the p99 from below.
  const flushes = timeDiskFlushes(flushDir, 5);
  figures.push({
    metric: `PostgreSQL's disk: 8 KiB write + fdatasync, p50 / p99 (${flushes.flushes} in 5 s before the runs)`,
    value: flushes.p99Ms,
    unit: `ms p99 (p50 ${flushes.p50Ms} ms, max ${flushes.maxMs} ms)`,
  });
}
if (MULTI_PROCESS) for (const run of RUNS) figures.push(...(await multiProcessRun(run)));
else figures.push(...(await pgliteRun()));
figures.push({
  metric: 'load average 1/5/15 min, before → after',
  value: load()[0] as number,
  unit: `${loadBefore.join('/')} → ${load().join('/')}`,
});
report('chat', figures);
const failed = figures.filter((figure) => figure.unit.includes('must be 0') && figure.value !== 0);
process.exit(failed.length ? 1 : 0);

// The chat benchmark's clients (bench/chat.ts), in their own process so the servers' heap and CPU
// are theirs alone. Every conversation has two clients, each with a socket following chat:<id>:
// the customer's on its "home" process and the agent's on the other one, so every message crosses
// processes (half the customers live on each process). Customers send over HTTP to their home
// process at a fixed total rate (open loop: a slow answer does not slow the schedule); the time
// from a send's start to the message reaching the agent is the send-to-delivery latency.
//
// The clients behave as the web app does (apps/web/src/lib/realtime/realtime-connection.ts and
// features/chat/use-conversation-messages.ts): a socket that closes is opened again after a
// backoff (the first step, 1 s × 0.5–1 jitter), on the process that answers (a load balancer
// would send it there), and re-subscribes with `since` = the last topic sequence it saw, so the
// server replays what it missed from the shared log; after a reconnect, and whenever a message's
// sequence skips one, the client reads what came after its last message over HTTP
// (`GET …/messages?since=`) and shows each message once (by sequence, as the web app by uniqueId).
// A send that gets no answer (its process died) is sent again, with the same uniqueId, to the
// process the customer's socket now reaches, as the web app's outbox does.
//
// Before the measured sends, `plan.warmUpSeconds` of warm-up sends on the same connections (a
// ramp to the rate), all delivered before measuring starts and counted in no figure (decision 078).
// With `plan.kill`, one server process is killed (SIGKILL) mid-run by this process.
// Prints one JSON line: the figures and the delivered-once / in-order check.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import WebSocket from 'ws';
import { cpuTicksByProcess as cpuTicks, TICKS_PER_SECOND } from './proc-cpu.mjs';

// With BENCH_LOOP_PROBE_DIR (bench/chat.ts's BENCH_CHAT_LOOP_PROBE): this process's own event-loop
// delay, GC and CPU per second, to tell whether the load generator is itself a bottleneck.
if (process.env.BENCH_LOOP_PROBE_DIR) await import('./loop-probe.mjs');

const planFile = process.argv[2];
const plan = JSON.parse(readFileSync(planFile, 'utf8'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const processes = plan.processes; // [{ base, pid }]
const alive = processes.map(() => true);
const survivorOf = (index) => (alive[index] ? index : alive.findIndex(Boolean));

/** uniqueId → { sentAt, deliveries, deliveredAt }: the measured messages. */
const messages = new Map();
/** The same for the warm-up's messages, sent before the measured run and not counted in it. */
const warmUp = new Map();
const counts = {
  socketDuplicates: 0,
  socketOutOfOrder: 0,
  httpCatchUps: 0,
  caughtUpOverHttp: 0,
  reconnects: 0,
  stray: 0,
};
let killedAt;
let lastResubscribeAfterKill = 0;

function makeClient(conversation, role) {
  const isCustomer = role === 'customer';
  return {
    conversation,
    role,
    uid: isCustomer ? conversation.customerId : conversation.agentId,
    token: isCustomer ? conversation.customerToken : conversation.agentToken,
    home: isCustomer ? conversation.customerHome : 1 - conversation.customerHome,
    socket: null,
    /** The topic sequences this client's sockets were sent, and the highest. */
    topicSeqs: new Set(),
    lastTopicSeq: undefined,
    /** The last message shown (every one before it shown too). */
    lastApplied: 0,
    catchingUp: null,
    catchUpAgain: false,
    reconnecting: false,
  };
}

/** Shows the message once; a skipped sequence is filled over HTTP instead (as the web app does). */
function apply(client, message, viaHttp) {
  if (message.seq <= client.lastApplied) return;
  if (message.seq > client.lastApplied + 1) {
    void catchUp(client);
    return;
  }
  client.lastApplied = message.seq;
  if (viaHttp) counts.caughtUpOverHttp += 1;
  if (message.fromUid === client.uid) return;
  const known = messages.get(message.uniqueId) ?? warmUp.get(message.uniqueId);
  if (!known) {
    counts.stray += 1;
    return;
  }
  known.deliveries += 1;
  known.deliveredAt ??= performance.now();
}

async function catchUp(client) {
  if (client.catchingUp) {
    client.catchUpAgain = true;
    return client.catchingUp;
  }
  client.catchingUp = (async () => {
    do {
      client.catchUpAgain = false;
      counts.httpCatchUps += 1;
      for (let page = 0; page < 50; page++) {
        const base = processes[survivorOf(client.home)].base;
        const answer = await fetch(
          `${base}/app/chat/conversations/${client.conversation.id}/messages?since=${client.lastApplied}`,
          { headers: { token: client.token } },
        )
          .then((response) => response.json())
          .catch(() => null);
        if (answer?.code !== 0) {
          await sleep(200);
          continue;
        }
        for (const message of answer.data.items) apply(client, message, true);
        if (!answer.data.hasMore) break;
      }
    } while (client.catchUpAgain);
    client.catchingUp = null;
  })();
  return client.catchingUp;
}

/** Opens the client's socket on its home process and subscribes; resolves on the ack. */
function connect(client) {
  const topic = `chat:${client.conversation.id}`;
  return new Promise((resolve, reject) => {
    const base = processes[client.home].base;
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${client.token}`);
    client.socket = socket;
    let acked = false;
    socket.on('error', (error) => {
      if (!acked) reject(error);
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.op === 'ack') {
        acked = true;
        client.lastTopicSeq = Math.max(client.lastTopicSeq ?? 0, message.seq ?? 0);
        resolve(socket);
      } else if (message.op === 'error') reject(new Error(`${topic}: ${message.msg}`));
      else if (message.op === 'event' && message.type === 'chat.message') {
        if (message.seq !== undefined) {
          if (client.topicSeqs.has(message.seq)) counts.socketDuplicates += 1;
          else if (message.seq < (client.lastTopicSeq ?? 0)) counts.socketOutOfOrder += 1;
          client.topicSeqs.add(message.seq);
          client.lastTopicSeq = Math.max(client.lastTopicSeq ?? 0, message.seq);
        }
        apply(client, message.payload, false);
      }
    });
    socket.on('open', () =>
      socket.send(
        JSON.stringify({
          op: 'subscribe',
          topic,
          ...(client.lastTopicSeq !== undefined ? { since: client.lastTopicSeq } : {}),
        }),
      ),
    );
    socket.on('close', () => {
      if (!acked) reject(new Error(`${topic}: closed before the ack`));
      if (client.socket !== socket || stopping) return;
      client.socket = null;
      void reconnect(client);
    });
  });
}

async function reconnect(client) {
  if (client.reconnecting) return;
  client.reconnecting = true;
  counts.reconnects += 1;
  for (let attempt = 0; ; attempt++) {
    // The web app's backoff: 1 s, 2 s, 5 s… each × 0.5–1.
    const base = [1_000, 2_000, 5_000][Math.min(attempt, 2)];
    await sleep(base * (0.5 + Math.random() * 0.5));
    client.home = survivorOf(client.home);
    try {
      await connect(client);
      break;
    } catch {
      // Try again after the next step of the backoff.
    }
  }
  client.reconnecting = false;
  if (killedAt !== undefined)
    lastResubscribeAfterKill = Math.max(lastResubscribeAfterKill, performance.now());
  await catchUp(client);
}

/** CPU seconds between two `cpuTicks` by group: the servers, this process, PostgreSQL, Redis, the rest. */
function cpuBetween(before, after, seconds) {
  const groups = {};
  const serverPids = new Map(processes.map((p, n) => [p.pid, `server ${n + 1}`]));
  for (const [pid, now] of after) {
    const spent = (now.ticks - (before.get(pid)?.ticks ?? 0)) / TICKS_PER_SECOND;
    if (spent <= 0) continue;
    const group =
      serverPids.get(pid) ??
      (pid === process.pid
        ? 'load generator'
        : now.comm === 'postgres'
          ? 'postgres'
          : now.comm.startsWith('redis')
            ? 'redis'
            : 'other');
    groups[group] = (groups[group] ?? 0) + spent;
  }
  return Object.fromEntries(
    Object.entries(groups).map(([group, spent]) => [group, Math.round((spent / seconds) * 100) / 100]),
  );
}

let stopping = false;
const clients = plan.conversations.flatMap((conversation) => [
  makeClient(conversation, 'customer'),
  makeClient(conversation, 'agent'),
]);
const customerOf = new Map(clients.filter((c) => c.role === 'customer').map((c) => [c.conversation.id, c]));
// In batches: thousands of upgrades at once would time out on a busy 2-core machine.
for (let start = 0; start < clients.length; start += 100) {
  await Promise.all(clients.slice(start, start + 100).map((client) => connect(client)));
}

// Every socket is subscribed: the bench measures the servers' heap, then says go.
writeFileSync(`${planFile}.connected`, '');
for (let waited = 0; !existsSync(`${planFile}.measured`); waited += 50) {
  if (waited > 120_000) throw new Error('the bench never measured the heap');
  await sleep(50);
}

let accepted = 0;
let refused = 0;
let lost = 0;
let resends = 0;
let firstRefusal;
/** From a send's first attempt to its answer (a resend after a lost answer included). */
const answerTimes = [];
const inFlight = new Set();
const warmUpCounts = { sent: 0, accepted: 0, refused: 0, delivered: 0, firstRefusal: undefined };

/**
 * The sends' HTTP connections: node:http with keep-alive and no limit on sockets (as fetch's default
 * pool: an open loop never queues in the client). fetch (undici) cost this process ~0.7 ms of CPU a
 * message at 500 msg/s, as much as a server process, on the same two cores (decision 081).
 */
const sendAgent = new http.Agent({ keepAlive: true });

/** One text message sent over HTTP; the envelope, or null when the server did not answer. */
function postMessage(base, customer, uniqueId, body) {
  const payload = JSON.stringify({ type: 'text', uniqueId, body });
  return new Promise((resolve) => {
    const request = http.request(
      `${base}/app/chat/conversations/${customer.conversation.id}/messages`,
      {
        method: 'POST',
        agent: sendAgent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          token: customer.token,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString()));
          } catch {
            resolve(null);
          }
        });
        response.on('error', () => resolve(null));
        // Closed before its end (the process was killed): no answer (after `end`, already settled).
        response.on('close', () => resolve(null));
      },
    );
    request.on('error', () => resolve(null));
    request.end(payload);
  });
}

/** Sends (and after a lost answer sends again, same uniqueId) until the server answers. */
async function send(customer, uniqueId, body) {
  const sentAt = messages.get(uniqueId).sentAt;
  for (let attempt = 0; attempt < 30; attempt++) {
    if (attempt > 0) {
      resends += 1;
      await sleep(300);
    }
    const base = processes[survivorOf(customer.home)].base;
    const answer = await postMessage(base, customer, uniqueId, body);
    if (!answer) continue;
    if (answer.code === 0) {
      accepted += 1;
      answerTimes.push(performance.now() - sentAt);
    } else {
      refused += 1;
      firstRefusal ??= answer.msg;
      messages.delete(uniqueId);
    }
    return;
  }
  lost += 1;
  messages.delete(uniqueId);
}

// The warm-up: in production a server's send path is compiled and its statements planned long
// before a given message, so before measuring both servers get sends on these same connections,
// the rate ramping from 0 to the measured rate over `plan.warmUpSeconds` (rate × seconds / 2
// messages, round-robin over the customers as below), then the bench waits until they are all
// delivered. None of them counts in the figures or the checks; a refusal here is reported.
async function warmUpSend(customer, uniqueId, body) {
  const base = processes[customer.home].base;
  const answer = await postMessage(base, customer, uniqueId, body);
  if (answer?.code === 0) warmUpCounts.accepted += 1;
  else {
    warmUpCounts.refused += 1;
    warmUpCounts.firstRefusal ??= answer?.msg ?? 'no answer';
    warmUp.delete(uniqueId);
  }
}
if (plan.warmUpSeconds > 0) {
  const warmUpTotal = Math.round((plan.rate * plan.warmUpSeconds) / 2);
  const warmUpStarted = performance.now();
  const warmUpSends = [];
  for (let k = 0; k < warmUpTotal; k++) {
    // k messages sent by time t when rate × t² / (2 × warmUpSeconds) = k: a linear ramp.
    const due = warmUpStarted + Math.sqrt((2 * plan.warmUpSeconds * k) / plan.rate) * 1000;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const conversation = plan.conversations[k % plan.conversations.length];
    const uniqueId = `bench-warm-${process.pid}-${k}`;
    warmUp.set(uniqueId, { sentAt: performance.now(), deliveries: 0, deliveredAt: undefined });
    warmUpSends.push(warmUpSend(customerOf.get(conversation.id), uniqueId, `warm-up ${k}`));
  }
  await Promise.all(warmUpSends);
  warmUpCounts.sent = warmUpTotal;
  const waitedFrom = performance.now();
  while (performance.now() - waitedFrom < plan.drainSeconds * 1000) {
    if ([...warmUp.values()].every((message) => message.deliveries > 0)) break;
    await sleep(100);
  }
  warmUpCounts.delivered = [...warmUp.values()].filter((message) => message.deliveries > 0).length;
  await sleep(1_000);
}

const total = Math.round(plan.rate * plan.seconds);
const killAt = plan.kill ? Math.round(total / 2) : -1;
const probing = Boolean(process.env.BENCH_LOOP_PROBE_DIR);
const ticksAtStart = probing ? cpuTicks() : undefined;
const started = performance.now();
for (let n = 0; n < total; n++) {
  const due = started + (n * 1000) / plan.rate;
  const wait = due - performance.now();
  if (wait > 1) await sleep(wait);
  if (n === killAt) {
    process.kill(processes[plan.kill.process].pid, 'SIGKILL');
    alive[plan.kill.process] = false;
    killedAt = performance.now();
  }
  // Round-robin over the customers: each sends at most rate / conversations messages a second.
  const conversation = plan.conversations[n % plan.conversations.length];
  const uniqueId = `bench-${process.pid}-${n}`;
  messages.set(uniqueId, { sentAt: performance.now(), deliveries: 0, deliveredAt: undefined });
  const request = send(customerOf.get(conversation.id), uniqueId, `message ${n}`).finally(() =>
    inFlight.delete(request),
  );
  inFlight.add(request);
}
await Promise.all(inFlight);
const sendingSeconds = (performance.now() - started) / 1000;
// Cores used by each part of the machine while the measured sends ran (bench probe).
const coresWhileSending = probing ? cpuBetween(ticksAtStart, cpuTicks(), sendingSeconds) : undefined;

// Deliveries still on their way: wait until every accepted message arrived, or the time given.
const waitedFrom = performance.now();
while (performance.now() - waitedFrom < plan.drainSeconds * 1000) {
  if ([...messages.values()].every((message) => message.deliveries > 0)) break;
  await sleep(100);
}
// A little longer, so a duplicate that trails its first delivery would still be counted.
await sleep(500);
stopping = true;
for (const client of clients) client.socket?.terminate();

const all = [...messages.values()];
const latencies = all
  .filter((message) => message.deliveredAt !== undefined)
  .map((message) => message.deliveredAt - message.sentAt)
  .sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
// The same after the first 5 s of sending: tells a queue built while the servers' send path was
// still cold (compiled, planned) from one that lasts the whole run (decision 074).
const warm = all
  .filter((message) => message.deliveredAt !== undefined && message.sentAt >= started + 5_000)
  .map((message) => message.deliveredAt - message.sentAt)
  .sort((a, b) => a - b);
const lastDelivery = Math.max(...all.map((message) => message.deliveredAt ?? 0));
const round = (ms) => Math.round(ms * 10) / 10;
answerTimes.sort((a, b) => a - b);
if (probing) {
  // Per second of sending: how many were sent, and their send-to-delivery p50 / p99 / max.
  const perSecond = [];
  for (const message of all) {
    if (message.deliveredAt === undefined) continue;
    const second = Math.floor((message.sentAt - started) / 1000);
    perSecond[second] ??= [];
    perSecond[second].push(message.deliveredAt - message.sentAt);
  }
  const lines = [...perSecond.entries()].flatMap(([second, values]) => {
    if (!values) return [];
    values.sort((a, b) => a - b);
    const q = (f) => round(values[Math.min(values.length - 1, Math.floor(f * values.length))]);
    return JSON.stringify({
      second,
      sent: values.length,
      p50: q(0.5),
      p99: q(0.99),
      max: round(values.at(-1)),
    });
  });
  writeFileSync(
    path.join(process.env.BENCH_LOOP_PROBE_DIR, `latency-${process.pid}.jsonl`),
    `${lines.join('\n')}\n${JSON.stringify({ coresWhileSending, startedAtEpochMs: Math.round(performance.timeOrigin + started) })}\n`,
  );
}
process.stdout.write(
  `${JSON.stringify({
    clients: clients.length,
    sent: total,
    accepted,
    refused,
    firstRefusal,
    lost,
    resends,
    delivered: all.filter((message) => message.deliveries === 1).length,
    duplicates: all.filter((message) => message.deliveries > 1).length + counts.socketDuplicates,
    missing: all.filter((message) => message.deliveries === 0).length,
    outOfOrder: counts.socketOutOfOrder,
    ...counts,
    answerP99Ms: round(answerTimes[Math.floor(0.99 * answerTimes.length)] ?? 0),
    p50Ms: round(at(0.5)),
    p99Ms: round(at(0.99)),
    maxMs: round(latencies.at(-1) ?? 0),
    p99AfterFirst5sMs: round(warm[Math.min(warm.length - 1, Math.floor(0.99 * warm.length))] ?? 0),
    messagesPerSecond: Math.round(
      latencies.length / Math.max(sendingSeconds, (lastDelivery - started) / 1000),
    ),
    warmUp: { ...warmUpCounts, seconds: plan.warmUpSeconds },
    resubscribedAfterKillMs: killedAt !== undefined ? round(lastResubscribeAfterKill - killedAt) : null,
  })}\n`,
);
process.exit(0);

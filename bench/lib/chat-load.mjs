// The chat benchmark's clients (bench/chat.ts), in their own process so the servers' heap and CPU
// are theirs alone. For every conversation: the customer's socket on the first process and the
// agent's on the second, both following chat:<id>. Customers then send over HTTP to the first
// process at a fixed total rate (open loop: a slow answer does not slow the schedule); the time
// from a send's start to its arrival on the agent's socket is the send-to-delivery latency.
// Prints one JSON line: the figures and the delivered-once/in-order check.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import WebSocket from 'ws';

const planFile = process.argv[2];
const plan = JSON.parse(readFileSync(planFile, 'utf8'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** uniqueId → { sentAt, conversation, deliveries, deliveredAt } */
const messages = new Map();
/** conversation id → the last sequence the agent's socket received */
const lastSeqOf = new Map();
let outOfOrder = 0;
let stray = 0;

function open(base, token, topic, onEvent) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${token}`);
    socket.on('error', reject);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.op === 'ack') resolve(socket);
      else if (message.op === 'error') reject(new Error(`${topic}: ${message.msg}`));
      else if (message.op === 'event') onEvent(message);
    });
    socket.on('open', () => socket.send(JSON.stringify({ op: 'subscribe', topic })));
  });
}

const sockets = [];
// In batches: thousands of upgrades at once would time out on a busy 2-core machine.
for (let start = 0; start < plan.conversations.length; start += 50) {
  const batch = plan.conversations.slice(start, start + 50);
  const opened = await Promise.all(
    batch.flatMap((conversation) => {
      const topic = `chat:${conversation.id}`;
      return [
        open(plan.first, conversation.customerToken, topic, () => {}),
        open(plan.second, conversation.agentToken, topic, (event) => {
          if (event.type !== 'chat.message') return;
          const received = performance.now();
          const payload = event.payload;
          const known = messages.get(payload.uniqueId);
          if (!known) {
            stray += 1;
            return;
          }
          known.deliveries += 1;
          known.deliveredAt ??= received;
          const last = lastSeqOf.get(conversation.id) ?? 0;
          if (payload.seq <= last) outOfOrder += 1;
          lastSeqOf.set(conversation.id, Math.max(last, payload.seq));
        }),
      ];
    }),
  );
  sockets.push(...opened);
}

// Every socket is subscribed: the bench measures the servers' heap, then says go.
writeFileSync(`${planFile}.connected`, '');
for (let waited = 0; !existsSync(`${planFile}.measured`); waited += 50) {
  if (waited > 60_000) throw new Error('the bench never measured the heap');
  await sleep(50);
}

let sent = 0;
/** How long the first process took to answer each send (stored and committed). */
const answerTimes = [];
let sendErrors = 0;
const inFlight = new Set();
const total = Math.round(plan.rate * plan.seconds);
const started = performance.now();
for (let n = 0; n < total; n++) {
  const due = started + (n * 1000) / plan.rate;
  const wait = due - performance.now();
  if (wait > 1) await sleep(wait);
  // Round-robin over the customers: each sends at most rate / conversations messages a second.
  const conversation = plan.conversations[n % plan.conversations.length];
  const uniqueId = `bench-${process.pid}-${n}`;
  messages.set(uniqueId, { sentAt: performance.now(), deliveries: 0, deliveredAt: undefined });
  const request = fetch(`${plan.first}/app/chat/conversations/${conversation.id}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: conversation.customerToken },
    body: JSON.stringify({ type: 'text', uniqueId, body: `message ${n}` }),
  })
    .then((response) => response.json())
    .then((answer) => {
      if (answer.code === 0) {
        sent += 1;
        answerTimes.push(performance.now() - messages.get(uniqueId).sentAt);
      } else {
        sendErrors += 1;
        messages.delete(uniqueId);
      }
    })
    .catch(() => {
      sendErrors += 1;
      messages.delete(uniqueId);
    })
    .finally(() => inFlight.delete(request));
  inFlight.add(request);
}
await Promise.all(inFlight);
const sendingSeconds = (performance.now() - started) / 1000;

// Deliveries still on their way: wait until every accepted message arrived, or 10 s passed.
for (let waited = 0; waited < 10_000; waited += 100) {
  if ([...messages.values()].every((message) => message.deliveries > 0)) break;
  await sleep(100);
}
// A little longer, so a duplicate that trails its first delivery would still be counted.
await sleep(500);
for (const socket of sockets) socket.terminate();

const all = [...messages.values()];
const latencies = all
  .filter((message) => message.deliveredAt !== undefined)
  .map((message) => message.deliveredAt - message.sentAt)
  .sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
const lastDelivery = Math.max(...all.map((message) => message.deliveredAt ?? 0));
const round = (ms) => Math.round(ms * 10) / 10;
process.stdout.write(
  `${JSON.stringify({
    clients: sockets.length,
    sent,
    sendErrors,
    delivered: all.filter((message) => message.deliveries === 1).length,
    duplicates: all.filter((message) => message.deliveries > 1).length,
    /** Deliveries of messages whose send answered an error (the request failed after storing). */
    stray,
    missing: all.filter((message) => message.deliveries === 0).length,
    outOfOrder,
    answerP99Ms: round(answerTimes.sort((a, b) => a - b)[Math.floor(0.99 * answerTimes.length)] ?? 0),
    p50Ms: round(at(0.5)),
    p99Ms: round(at(0.99)),
    maxMs: round(latencies.at(-1) ?? 0),
    messagesPerSecond: Math.round(
      latencies.length / Math.max(sendingSeconds, (lastDelivery - started) / 1000),
    ),
  })}\n`,
);
process.exit(0);

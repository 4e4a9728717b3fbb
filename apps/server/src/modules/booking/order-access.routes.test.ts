import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES, type ErrorKey } from '@sabai/shared/error-codes';
import { realtimeServerMessageSchema } from '@sabai/shared/realtime/realtime.schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createStore } from '../../../test/booking-fixtures';
import { adminToken, call, grantRoles, registerUser } from '../../../test/identity-helpers';
import { createOrderScenario } from '../../../test/order-scenario';
import { storeStaff } from '../../db/schema';

/**
 * Decision 102: ONE order-access policy. Every route that takes an order id (in its path, query or
 * body) is in the table below with the answer each kind of caller gets; a route with an order id
 * missing from the table fails the first test. The answers say: guests are asked to log in, callers
 * without access hear "not found" (ids cannot be probed), and a party the route is not for hears
 * `orderActorNotAllowed` or the state machine's refusal — either proves access was granted.
 */
const s = await createOrderScenario();
const { app, database, customer, stranger, therapist, other } = s;

const CALLERS = [
  'guest',
  'customer',
  'otherCustomer',
  'provider',
  'otherProvider',
  'store',
  'otherStore',
  'customerService',
  'admin',
] as const;
type Caller = (typeof CALLERS)[number];
type Answer = ErrorKey | 'ok';
type Answers = Record<Caller, Answer>;

/** The order's therapist works at store A; the counter staff of store A and of store B. */
const storeA = await createStore(database, s.city.id, s.project.id);
const storeB = await createStore(database, s.city.id, s.project.id);
await database.db.execute(
  sql`update therapists set store_id = ${storeA.id} where id = ${therapist.therapistId}`,
);
async function counterOf(storeId: number) {
  const login = await registerUser(app);
  await grantRoles(app, database, login.user.id, ['merchant']);
  await database.db.insert(storeStaff).values({ storeId, userId: login.user.id });
  return login;
}
const counterA = await counterOf(storeA.id);
const customerService = await registerUser(app);
await grantRoles(app, database, customerService.user.id, ['customer_service']);

const TOKENS: Record<Caller, string | null> = {
  guest: null,
  customer: customer.token,
  otherCustomer: stranger.token,
  provider: therapist.token,
  otherProvider: other.token,
  store: counterA.token,
  otherStore: (await counterOf(storeB.id)).token,
  customerService: customerService.token,
  admin: await adminToken(app, database),
};

const DAY = 24 * 60 * 60_000;
let slot = 0;
/** The next free 2-hour slot from tomorrow, 10:00–20:00 in Phnom Penh (UTC+7). */
function nextStart(): string {
  const start = new Date(s.clock.now().getTime() + (1 + Math.floor(slot / 6)) * DAY);
  start.setUTCHours(3 + (slot % 6) * 2, 0, 0, 0);
  slot++;
  return start.toISOString();
}

/**
 * The order every route is asked about: an in-store visit at store A with the chosen therapist,
 * paid, consumed at the counter and reviewed by its customer — so its customer, its provider and
 * store A's staff are all parties of it. A fresh one per route: a route that changes the order
 * cannot change another route's answers.
 */
async function servedInStoreOrder(): Promise<{ id: number }> {
  const booked = (
    await call(app, {
      method: 'POST',
      url: '/app/orders/in-store',
      token: customer.token,
      payload: {
        storeId: storeA.id,
        projectId: s.project.id,
        therapistId: therapist.therapistId,
        clocks: 1,
        startsAt: nextStart(),
        agreeTerms: true,
      },
    })
  ).json();
  if (booked.code !== 0) throw new Error(JSON.stringify(booked));
  await s.payments.systemTransition(booked.data.id, 'pay');
  const consumed = (
    await call(app, {
      method: 'POST',
      url: '/app/store/orders/consume',
      token: TOKENS.store as string,
      payload: { code: booked.data.verificationCode },
    })
  ).json();
  if (consumed.code !== 0) throw new Error(JSON.stringify(consumed));
  const reviewed = (
    await call(app, {
      method: 'POST',
      url: `/app/orders/${booked.data.id}/review`,
      token: customer.token,
      payload: REVIEW,
    })
  ).json();
  if (reviewed.code !== 0) throw new Error(JSON.stringify(reviewed));
  return { id: booked.data.id };
}

const REVIEW = { rating: 5, tags: ['professional'], text: '', photoKeys: [], isAnonymous: false };

/** Who sees the order at all (decision 102): its customer, provider, store's staff, staff roles. */
const SEES: Answers = {
  guest: 'unauthenticated',
  customer: 'ok',
  otherCustomer: 'notFound',
  provider: 'ok',
  otherProvider: 'notFound',
  store: 'ok',
  otherStore: 'notFound',
  customerService: 'ok',
  admin: 'ok',
};
/** The same callers, where the route is not theirs but the customer's. */
const CUSTOMERS_ONLY = (customerAnswer: Answer): Answers => ({
  ...SEES,
  customer: customerAnswer,
  provider: 'orderActorNotAllowed',
  store: 'orderActorNotAllowed',
  customerService: 'orderActorNotAllowed',
  admin: 'orderActorNotAllowed',
});
/** A route whose declared role only providers hold: everyone else is refused before any order is read. */
const PROVIDER_ROLE = (providerAnswer: Answer): Answers => ({
  guest: 'unauthenticated',
  customer: 'forbidden',
  otherCustomer: 'forbidden',
  provider: providerAnswer,
  otherProvider: 'notFound',
  store: 'forbidden',
  otherStore: 'forbidden',
  customerService: 'forbidden',
  admin: 'forbidden',
});
/** A customer-service route: only the staff roles pass its declared access. */
const STAFF_ROLE = (staffAnswer: Answer): Answers => ({
  guest: 'unauthenticated',
  customer: 'forbidden',
  otherCustomer: 'forbidden',
  provider: 'forbidden',
  otherProvider: 'forbidden',
  store: 'forbidden',
  otherStore: 'forbidden',
  customerService: staffAnswer,
  admin: staffAnswer,
});

interface RouteCase {
  answers: Answers;
  /** The body (or query) sent; valid for the route, so each answer comes from the access rules. */
  payload?: (orderId: number) => Record<string, unknown>;
  /** The url asked, where its path names something else than the order (a conversation). */
  urlOf?: (caller: Caller) => Promise<string>;
}

/**
 * The conversation each caller sends an order card into: the customer and the store's counter
 * their own (the order's chat, closed now it is served); customer service theirs with the
 * customer; everyone else theirs with customer service (always open), so "not found" can only be
 * the order's answer, not the conversation's.
 */
const CARD_PEER: Record<Exclude<Caller, 'guest'>, number> = {
  customer: counterA.user.id,
  otherCustomer: customerService.user.id,
  provider: customerService.user.id,
  otherProvider: customerService.user.id,
  store: customer.id,
  otherStore: customerService.user.id,
  customerService: customer.id,
  admin: customerService.user.id,
};
async function cardConversationUrl(caller: Caller): Promise<string> {
  if (caller === 'guest') return '/app/chat/conversations/1/messages';
  const opened = (
    await call(app, {
      method: 'POST',
      url: '/app/chat/conversations',
      token: TOKENS[caller] as string,
      payload: { toUid: CARD_PEER[caller] },
    })
  ).json();
  if (opened.code !== 0) throw new Error(`${caller}: ${JSON.stringify(opened)}`);
  return `/app/chat/conversations/${opened.data.id}/messages`;
}

/**
 * Every route that takes an order id, and what each caller hears about a served in-store order
 * that every party can see. Keyed `METHOD url` as the app registers it.
 */
const TABLE: Record<string, RouteCase> = {
  'GET /app/orders/:id': { answers: SEES },
  'DELETE /app/orders/:id': {
    // Removing it from the list is the customer's; for anyone else it stays.
    answers: {
      ...SEES,
      provider: 'orderTransitionIllegal',
      store: 'orderTransitionIllegal',
      customerService: 'orderTransitionIllegal',
      admin: 'orderTransitionIllegal',
    },
  },
  'POST /app/orders/:id/transitions': {
    // A finished order takes no more steps, whoever asks.
    payload: () => ({ transition: 'cancel', reason: 'access table' }),
    answers: {
      ...SEES,
      customer: 'orderTransitionIllegal',
      provider: 'orderTransitionIllegal',
      store: 'orderTransitionIllegal',
      customerService: 'orderTransitionIllegal',
      admin: 'orderTransitionIllegal',
    },
  },
  'POST /app/orders/:id/reassign': {
    payload: () => ({ therapistId: other.therapistId, reason: 'access table' }),
    answers: {
      ...SEES,
      customer: 'orderTransitionIllegal',
      provider: 'orderTransitionIllegal',
      store: 'orderTransitionIllegal',
      customerService: 'orderTransitionIllegal',
      admin: 'orderTransitionIllegal',
    },
  },
  'GET /app/orders/:id/alternatives': {
    answers: {
      ...SEES,
      customer: 'orderTransitionIllegal',
      provider: 'orderTransitionIllegal',
      store: 'orderTransitionIllegal',
      customerService: 'orderTransitionIllegal',
      admin: 'orderTransitionIllegal',
    },
  },
  'POST /app/orders/:id/project': {
    payload: () => ({ projectId: s.project.id }),
    answers: {
      ...SEES,
      customer: 'orderTransitionIllegal',
      provider: 'orderTransitionIllegal',
      store: 'orderTransitionIllegal',
      customerService: 'orderTransitionIllegal',
      admin: 'orderTransitionIllegal',
    },
  },
  'POST /app/orders/:id/extra-clocks': {
    payload: () => ({ count: 1 }),
    answers: {
      ...SEES,
      customer: 'orderTransitionIllegal',
      provider: 'orderTransitionIllegal',
      store: 'orderTransitionIllegal',
      customerService: 'orderTransitionIllegal',
      admin: 'orderTransitionIllegal',
    },
  },
  'GET /app/orders/:id/cancellation': {
    answers: {
      ...SEES,
      customer: 'orderTransitionIllegal',
      provider: 'orderTransitionIllegal',
      store: 'orderTransitionIllegal',
      customerService: 'orderTransitionIllegal',
      admin: 'orderTransitionIllegal',
    },
  },
  'POST /app/orders/:id/urge': {
    answers: {
      ...SEES,
      customer: 'orderTransitionIllegal',
      provider: 'orderTransitionIllegal',
      store: 'orderTransitionIllegal',
      customerService: 'orderTransitionIllegal',
      admin: 'orderTransitionIllegal',
    },
  },
  'POST /app/orders/:id/position': {
    payload: () => ({ lat: 11.55, lng: 104.92 }),
    answers: PROVIDER_ROLE('positionSharingClosed'),
  },
  'POST /app/orders/:id/call-attempts': { answers: PROVIDER_ROLE('orderTransitionIllegal') },
  // Customer service's audit trail of any order: the role is the access.
  'GET /app/staff/orders/:id/audit': { answers: STAFF_ROLE('ok') },
  'POST /app/orders/:id/payments': {
    payload: () => ({ method: 'wallet' }),
    answers: CUSTOMERS_ONLY('orderNotPayable'),
  },
  'GET /app/orders/:id/payments/current': { answers: CUSTOMERS_ONLY('ok') },
  'GET /app/orders/:id/payments/methods': { answers: CUSTOMERS_ONLY('ok') },
  'GET /app/orders/:id/extras': { answers: CUSTOMERS_ONLY('ok') },
  'POST /app/orders/:id/extras/payments': {
    payload: () => ({ method: 'wallet' }),
    answers: CUSTOMERS_ONLY('nothingDueOnOrder'),
  },
  // Everyone who sees the order reads its tips; only the customer tips (wallet empty here).
  'GET /app/orders/:id/tips': { answers: SEES },
  'POST /app/orders/:id/tips': {
    payload: () => ({ amount: 100, method: 'wallet' }),
    answers: CUSTOMERS_ONLY('insufficientBalance'),
  },
  // The refund is the customer's and customer service's business, not the provider's.
  'GET /app/orders/:id/refund': {
    answers: { ...SEES, provider: 'orderActorNotAllowed', store: 'orderActorNotAllowed' },
  },
  'PUT /app/orders/:id/refund/bank-details': {
    payload: () => ({ holderName: 'Dara Sok', bankName: 'ABA Bank', accountNumber: '000123456' }),
    answers: CUSTOMERS_ONLY('refundBankDetailsNotNeeded'),
  },
  'POST /app/staff/orders/:id/refund/payout': {
    // Customer service sees every order: this one has no refund to pay out.
    payload: () => ({ amount: 100, transferReference: 'TRANSFER-1', reason: 'access table' }),
    answers: STAFF_ROLE('notFound'),
  },
  // Cash is the business of whoever was handed it: the therapist or the store's counter.
  'GET /app/orders/:id/cash': {
    answers: {
      ...SEES,
      customer: 'orderActorNotAllowed',
      customerService: 'orderActorNotAllowed',
      admin: 'orderActorNotAllowed',
    },
  },
  'POST /app/orders/:id/cash-received': {
    answers: {
      ...SEES,
      customer: 'orderActorNotAllowed',
      provider: 'cashNotExpected',
      store: 'cashNotExpected',
      customerService: 'orderActorNotAllowed',
      admin: 'orderActorNotAllowed',
    },
  },
  'GET /app/orders/:id/review': { answers: CUSTOMERS_ONLY('ok') },
  'POST /app/orders/:id/review': { payload: () => REVIEW, answers: CUSTOMERS_ONLY('reviewAlreadyWritten') },
  'PUT /app/orders/:id/review': { payload: () => REVIEW, answers: CUSTOMERS_ONLY('ok') },
  'POST /app/complaints': {
    // No image: the customer is past the access check and hears the form's rule.
    payload: (orderId) => ({ orderId, type: 'service', title: 'Late', content: 'Late again', imageKeys: [] }),
    answers: CUSTOMERS_ONLY('complaintImageRequired'),
  },
  'POST /app/feedback': {
    payload: (orderId) => ({ type: 'suggestion', description: 'About this order', orderId }),
    answers: CUSTOMERS_ONLY('ok'),
  },
  // An order's chat (decision 102's follow-up): its customer's with its provider, its provider's or
  // store's staff's with its customer. This in-store order has no accepted provider to talk to;
  // the counter's chat with the customer opens (closed, the order served). Customer service's
  // chats are its own.
  'POST /app/chat/conversations': {
    payload: (orderId) => ({ orderId }),
    answers: {
      ...SEES,
      customer: 'chatNotOpen',
      provider: 'chatNotOpen',
      customerService: 'orderActorNotAllowed',
      admin: 'orderActorNotAllowed',
    },
  },
  // An order card names an order both members are parties of; each caller sends into their own
  // conversation (CARD_PEER): the order's chat is closed now it is served; the provider's with
  // customer service is not between the order's parties.
  'POST /app/chat/conversations/:id/messages': {
    urlOf: cardConversationUrl,
    payload: (orderId) => ({ type: 'orderCard', uniqueId: randomUUID(), orderId }),
    answers: {
      ...SEES,
      customer: 'chatClosed',
      provider: 'orderActorNotAllowed',
      store: 'chatClosed',
      customerService: 'orderActorNotAllowed',
      admin: 'orderActorNotAllowed',
    },
  },
};

/**
 * Routes whose order id is not a question of who may see the order, each with why. A new route with
 * an order id must go in the table or here, with its reason.
 */
const NOT_ORDER_ACCESS: Record<string, string> = {
  'POST /app/dev/payments/:orderId/confirm':
    'development tool (PAYMENTS_DEV_CONFIRM) for loopback callers, never in production',
};

/** The realtime topic, answered like a route: ack ('ok'), refused, or the upgrade asks for a login. */
const TOPIC: Answers = {
  ...SEES,
  guest: 'unauthenticated',
  otherCustomer: 'realtimeTopicForbidden',
  otherProvider: 'realtimeTopicForbidden',
  otherStore: 'realtimeTopicForbidden',
};

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}
const ORDER_ID_NAMES = new Set(['orderId', 'ordersId']);

/** Whether a JSON schema has a property named like an order id, at any depth (unions included). */
function namesOrderId(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if (Array.isArray(schema)) return schema.some(namesOrderId);
  const properties = (schema as { properties?: Record<string, unknown> }).properties;
  if (properties && Object.keys(properties).some((name) => ORDER_ID_NAMES.has(name))) return true;
  return Object.values(schema).some(namesOrderId);
}

/** Every route of the real app that takes an order id: `/orders/:x` in its path, or a param, query or body field named so. */
function routesTakingAnOrderId(): string[] {
  const document = app.swagger() as unknown as { paths: Record<string, Record<string, OpenApiOperation>> };
  const found = new Set<string>();
  for (const route of app.routeAccess) {
    if (!route.url.startsWith('/app/')) continue;
    const isOrderPath = /\/orders\/:\w+/.test(route.url) || /:(orderId|ordersId)\b/.test(route.url);
    const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
    const operation = document.paths[openApiPath]?.[route.method.toLowerCase()];
    const takesInQueryOrBody =
      !!operation &&
      ((operation.parameters ?? []).some((p) => ORDER_ID_NAMES.has(p.name)) ||
        namesOrderId(operation.requestBody?.content?.['application/json']?.schema));
    if (isOrderPath || takesInQueryOrBody) found.add(`${route.method} ${route.url}`);
  }
  return [...found].sort();
}

async function ask(
  route: string,
  caller: Caller,
  orderId: number,
  payload?: Record<string, unknown>,
  urlOf?: RouteCase['urlOf'],
) {
  const [method, url] = route.split(' ') as [string, string];
  const token = TOKENS[caller];
  const response = await call(app, {
    method: method as 'GET',
    url: urlOf ? await urlOf(caller) : url.replace(/:\w+/, String(orderId)),
    headers: { deviceid: 'access-table-device', 'idempotency-key': randomUUID() },
    ...(token ? { token } : {}),
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: payload ?? {} }),
  });
  return response.json() as { code: number; msg: string };
}

const codeOf = (answer: Answer) => (answer === 'ok' ? 0 : ERROR_CODES[answer].code);
/** The customer asks last: some routes (removing it, a review's change) act for them alone. */
const ASKING_ORDER: Caller[] = [...CALLERS.filter((caller) => caller !== 'customer'), 'customer'];

describe('the one order-access policy (decision 102)', () => {
  it('has every route that takes an order id in its table', () => {
    const routes = routesTakingAnOrderId();
    expect(routes.length).toBeGreaterThan(25);
    const missing = routes.filter((route) => !(route in TABLE) && !(route in NOT_ORDER_ACCESS));
    expect(missing, 'routes with an order id missing from the access table').toEqual([]);
    // And the table names no route the app does not have (the dev tool is mounted only when configured).
    expect(Object.keys(TABLE).filter((route) => !routes.includes(route))).toEqual([]);
  });

  for (const [route, { answers, payload, urlOf }] of Object.entries(TABLE)) {
    it(`${route}: each caller's answer`, async () => {
      const order = await servedInStoreOrder();
      const heard: Partial<Record<Caller, number | string>> = {};
      const wanted: Partial<Record<Caller, number | string>> = {};
      for (const caller of ASKING_ORDER) {
        const answer = await ask(route, caller, order.id, payload?.(order.id), urlOf);
        heard[caller] = answer.code === 0 ? 0 : `${answer.code} ${answer.msg}`;
        wanted[caller] = answers[caller] === 'ok' ? 0 : `${codeOf(answers[caller])} ${answer.msg}`;
      }
      expect(heard).toEqual(wanted);
    });
  }

  it('order:<id> topic: who may follow it is who may see the order', async () => {
    const order = await servedInStoreOrder();
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const topic = `order:${order.id}`;
    const heard: Partial<Record<Caller, Answer>> = {};
    for (const caller of CALLERS) heard[caller] = await subscribe(port, TOKENS[caller], topic);
    expect(heard).toEqual(TOPIC);
  });

  it("keeps a store's staff out of a home visit by the store's own therapist", async () => {
    const visit = await s.book(nextStart());
    await s.payments.systemTransition(visit.id, 'pay');
    expect((await ask('GET /app/orders/:id', 'provider', visit.id)).code).toBe(0);
    expect((await ask('GET /app/orders/:id', 'store', visit.id)).code).toBe(ERROR_CODES.notFound.code);
    expect((await ask('GET /app/orders/:id/tips', 'store', visit.id)).code).toBe(ERROR_CODES.notFound.code);
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    expect(await subscribe(port, TOKENS.store, `order:${visit.id}`)).toBe('realtimeTopicForbidden');
  });

  it('keeps an order the customer removed from their list from them everywhere, the topic included', async () => {
    const order = await servedInStoreOrder();
    expect((await ask('DELETE /app/orders/:id', 'customer', order.id)).code).toBe(0);
    for (const route of ['GET /app/orders/:id', 'GET /app/orders/:id/tips', 'GET /app/orders/:id/review']) {
      expect((await ask(route, 'customer', order.id)).code, route).toBe(ERROR_CODES.notFound.code);
    }
    const port = (app.server.address() as AddressInfo | null)?.port;
    if (port)
      expect(await subscribe(port, TOKENS.customer, `order:${order.id}`)).toBe('realtimeTopicForbidden');
    // Its other parties still see it.
    expect((await ask('GET /app/orders/:id', 'store', order.id)).code).toBe(0);
  });
});

/** Subscribes to `topic` over the real WebSocket: 'ok' on an ack, else the refusal's key. */
async function subscribe(port: number, token: string | null, topic: string): Promise<Answer> {
  if (!token) {
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('open', () => reject(new Error('a guest was upgraded')));
      socket.once('error', reject);
    });
    return status === 401 ? 'unauthenticated' : 'internalError';
  }
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
  const reply = new Promise<Record<string, unknown>>((resolve, reject) => {
    socket.on('message', (data) => {
      const message = realtimeServerMessageSchema.parse(JSON.parse(String(data))) as Record<string, unknown>;
      if (message.id === 'access') resolve(message);
    });
    socket.once('error', reject);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ op: 'subscribe', id: 'access', topic }));
  const message = await reply;
  socket.close();
  if (message.op === 'ack') return 'ok';
  const key = (Object.keys(ERROR_CODES) as ErrorKey[]).find(
    (name) => ERROR_CODES[name].code === message.code,
  );
  return key ?? 'internalError';
}

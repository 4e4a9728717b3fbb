import { CHAT_ORDER_ENDED_EVENT } from '@sabai/shared/chat/chat.schemas';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { addressBody, createStore } from '../../../test/booking-fixtures';
import { adminToken, call, grantRoles, registerUser } from '../../../test/identity-helpers';
import { at, createOrderScenario } from '../../../test/order-scenario';
import { storeStaff } from '../../db/schema';

/**
 * An order's chat asks booking's one order-access policy (decision 102) who sees the order, and
 * hears the order's end live (decision 103, follow-up). The table of every route with an order id
 * is `booking/order-access.routes.test.ts`; here, the answers on orders where the chat is open.
 */
const s = await createOrderScenario();
const { app, customer, therapist, stranger, other, clock } = s;

const post = async (url: string, token: string, payload: unknown = {}) =>
  (await call(app, { method: 'POST', url, token, payload: payload as object })).json();
const openFor = (token: string, target: { orderId?: number; toUid?: number }) =>
  post('/app/chat/conversations', token, target);
const sendCard = (conversationId: number, token: string, orderId: number) =>
  post(`/app/chat/conversations/${conversationId}/messages`, token, {
    type: 'orderCard',
    uniqueId: crypto.randomUUID(),
    orderId,
  });
/** Past the per-user send limit's window. */
const nextWindow = () => clock.advance(11_000);

const agent = await registerUser(app);
await grantRoles(app, s.database, agent.user.id, ['customer_service']);
const admin = await adminToken(app, s.database);

/** A home visit of the scenario's customer with the therapist, paid and accepted: its chat is open. */
const visit = await s.book(at(25, '10:00'));
await s.payments.systemTransition(visit.id, 'pay');
expect((await s.step(visit.id, 'accept', therapist.token)).code).toBe(0);
await s.settle();

describe("the order's chat button asks the one order-access policy", () => {
  it('opens the conversation of the order’s two parties; not found for strangers; not customer service’s', async () => {
    const mine = await openFor(customer.token, { orderId: visit.id });
    expect(mine.data).toMatchObject({ friendUid: therapist.userId, canSend: true });
    const theirs = await openFor(therapist.token, { orderId: visit.id });
    expect(theirs.data).toMatchObject({ id: mine.data.id, friendUid: customer.id });
    for (const token of [stranger.token, other.token])
      expect((await openFor(token, { orderId: visit.id })).code).toBe(ERROR_CODES.notFound.code);
    // Customer service and admin see the order, but its chat is its parties'.
    for (const token of [agent.token, admin])
      expect((await openFor(token, { orderId: visit.id })).code).toBe(ERROR_CODES.orderActorNotAllowed.code);
    expect((await openFor(customer.token, { orderId: 2_000_000 })).code).toBe(ERROR_CODES.notFound.code);
  });

  it('lets the staff of an in-store order’s store open its customer’s conversation, not another store’s', async () => {
    const { counter, otherCounter, orderId, visitor } = await paidInStoreVisit('15:00');
    const opened = await openFor(counter.token, { orderId });
    expect(opened.data).toMatchObject({ friendUid: visitor.user.id, canSend: true });
    expect((await openFor(otherCounter.token, { orderId })).code).toBe(ERROR_CODES.notFound.code);
  });
});

describe('an order card', () => {
  it('names an order both members are parties of; others hear the policy’s answers', async () => {
    const conversation = (await openFor(customer.token, { orderId: visit.id })).data;
    nextWindow();
    const card = await sendCard(conversation.id, customer.token, visit.id);
    expect(card.data).toMatchObject({ orderId: visit.id, type: 4, fromUid: customer.id });
    nextWindow();
    expect((await sendCard(conversation.id, therapist.token, visit.id)).code).toBe(0);

    // Someone who does not see the order hears "not found", even in a conversation of their own.
    const strangersChat = (await openFor(stranger.token, { toUid: agent.user.id })).data;
    expect((await sendCard(strangersChat.id, stranger.token, visit.id)).code).toBe(ERROR_CODES.notFound.code);
    // Customer service sees every order; a card is its parties'.
    const agentsChat = (await openFor(agent.token, { toUid: customer.id })).data;
    expect((await sendCard(agentsChat.id, agent.token, visit.id)).code).toBe(
      ERROR_CODES.orderActorNotAllowed.code,
    );
    // A party of the order, but the conversation's other member is not: not this conversation's order.
    expect((await sendCard(agentsChat.id, customer.token, visit.id)).code).toBe(
      ERROR_CODES.orderActorNotAllowed.code,
    );
    // The therapist's order with another customer is theirs to see, but not between these two.
    const othersVisit = await bookAs(stranger.token, at(26, '10:00'));
    await s.payments.systemTransition(othersVisit, 'pay');
    expect((await s.step(othersVisit, 'accept', therapist.token)).code).toBe(0);
    expect((await sendCard(conversation.id, therapist.token, othersVisit)).code).toBe(
      ERROR_CODES.orderActorNotAllowed.code,
    );
  });
});

describe("an order's end reaches its conversations live", () => {
  it('publishes chat.orderEnded on the conversation’s topics when the service ends, not before', async () => {
    const conversation = (await openFor(customer.token, { orderId: visit.id })).data;
    const heard = () =>
      s.published.filter(
        (event) =>
          event.type === CHAT_ORDER_ENDED_EVENT &&
          (event.payload as { orderId?: number }).orderId === visit.id,
      );
    for (const transition of ['depart', 'arrive', 'start']) {
      expect((await s.step(visit.id, transition, therapist.token)).code, transition).toBe(0);
      await s.settle();
    }
    expect(heard()).toEqual([]);
    expect((await s.step(visit.id, 'end', therapist.token)).code).toBe(0);
    await s.settle();
    expect(
      heard()
        .map((event) => event.topic)
        .sort(),
    ).toEqual([`chat:${conversation.id}`, `user:${customer.id}`, `user:${therapist.userId}`].sort());
    expect(heard()[0]?.payload).toEqual({ conversationId: conversation.id, orderId: visit.id });
    // What the page then reads: closed, and why.
    const view = (await s.get(`/app/chat/conversations/${conversation.id}`, customer.token)).data;
    expect(view).toMatchObject({
      canSend: false,
      closedReason: 'chatClosed',
      endedOrder: { orderId: visit.id },
    });
  });

  it('tells the counter’s conversation when an in-store order is consumed', async () => {
    const { counter, orderId, visitor, verificationCode } = await paidInStoreVisit('17:00');
    const conversation = (await openFor(counter.token, { orderId })).data;
    const consumed = await post('/app/store/orders/consume', counter.token, { code: verificationCode });
    expect(consumed.code).toBe(0);
    await s.settle();
    const topics = s.published
      .filter(
        (event) =>
          event.type === CHAT_ORDER_ENDED_EVENT &&
          (event.payload as { orderId?: number }).orderId === orderId,
      )
      .map((event) => event.topic)
      .sort();
    expect(topics).toEqual(
      [`chat:${conversation.id}`, `user:${counter.user.id}`, `user:${visitor.user.id}`].sort(),
    );
  });
});

async function bookAs(token: string, startsAt: string): Promise<number> {
  const address = await post('/app/addresses', token, addressBody());
  const booked = await post('/app/orders/home-visit', token, {
    therapistId: therapist.therapistId,
    projectId: s.project.id,
    clocks: 1,
    startsAt,
    addressId: address.data.id,
    travelMode: 'tukTuk',
    remark: '',
    agreeTerms: true,
  });
  if (booked.code !== 0) throw new Error(JSON.stringify(booked));
  return booked.data.id;
}

/** A new customer's paid in-store visit at a new store, with that store's counter and another store's. */
async function paidInStoreVisit(time: string) {
  const counterOf = async () => {
    const store = await createStore(s.database, s.city.id, s.project.id);
    const login = await registerUser(app);
    await grantRoles(app, s.database, login.user.id, ['merchant']);
    await s.database.db.insert(storeStaff).values({ storeId: store.id, userId: login.user.id });
    return { store, ...login };
  };
  const counter = await counterOf();
  const otherCounter = await counterOf();
  const visitor = await registerUser(app);
  const booked = await post('/app/orders/in-store', visitor.token, {
    storeId: counter.store.id,
    projectId: s.project.id,
    clocks: 1,
    startsAt: at(27, time),
    agreeTerms: true,
  });
  if (booked.code !== 0) throw new Error(JSON.stringify(booked));
  await s.payments.systemTransition(booked.data.id, 'pay');
  await s.settle();
  return {
    counter,
    otherCounter,
    visitor,
    orderId: booked.data.id as number,
    verificationCode: booked.data.verificationCode as string,
  };
}

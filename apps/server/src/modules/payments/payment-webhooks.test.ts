import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_NOW } from '../../../test/booking-fixtures';
import { call } from '../../../test/identity-helpers';
import { bookUnpaidOrder, fundWallet, payOrder } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { fixedClock } from '../../lib/clock';
import { createSandboxProvider, type PaymentProvider, signWebhook } from '.';

const SECRET = 'test-webhook-secret-0123456789';
const clock = fixedClock(BOOKING_NOW);
const khqr = createSandboxProvider('khqr');
// The card provider confirms, then the process "dies" before the ledger write, once.
const card = createSandboxProvider('card');
let crashAfterConfirmation = false;
const crashingCard: PaymentProvider = {
  ...card,
  async confirm(reference) {
    const status = await card.confirm(reference);
    if (crashAfterConfirmation) {
      crashAfterConfirmation = false;
      throw new Error('crashed after the provider confirmed');
    }
    return status;
  },
};
const { app, database } = await createTestApp({
  clock,
  config: { PAYMENTS_WEBHOOK_SECRET: SECRET },
  paymentProviders: { khqr, card: crashingCard },
});

function webhook(
  provider: string,
  event: Record<string, unknown>,
  options: { secret?: string; at?: Date; remoteAddress?: string } = {},
) {
  const body = JSON.stringify(event);
  const timestamp = Math.floor((options.at ?? clock.now()).getTime() / 1000);
  return app.inject({
    method: 'POST',
    url: `/app/payments/webhooks/${provider}`,
    headers: {
      'content-type': 'application/json',
      'x-sabai-timestamp': String(timestamp),
      'x-sabai-signature': signWebhook(options.secret ?? SECRET, timestamp, body),
    },
    payload: body,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

async function startQr(method = 'khqr') {
  const booked = await bookUnpaidOrder(app, database);
  const attempt = (await payOrder(app, booked.customer.token, booked.order.id, method)).json().data;
  expect(attempt.status).toBe('pending');
  return { ...booked, attempt };
}
const statusOf = async (token: string, orderId: number) =>
  (await call(app, { method: 'GET', url: `/app/orders/${orderId}`, token })).json().data.status;
async function moneyOf(orderId: number) {
  const [row] = await queryRows<{ escrow: string; entries: string }>(
    database.db,
    sql`select
      coalesce((select balance from ledger_accounts where owner_kind = 'order' and owner_id = ${orderId} and purpose = 'orderEscrow'), 0) as escrow,
      (select count(*) from ledger_entries where order_id = ${orderId}) as entries`,
  );
  return { escrow: Number(row?.escrow), entries: Number(row?.entries) };
}
const paidEvent = (reference: string, eventId = `evt-${reference}`) => ({
  eventId,
  type: 'payment.succeeded',
  reference,
});

describe('payment webhooks', () => {
  it('change nothing when forged, stale, or claiming a payment the provider does not confirm', async () => {
    const { customer, order, attempt } = await startQr();
    const forged = await webhook('khqr', paidEvent(attempt.providerReference), {
      secret: 'not-the-secret-at-all',
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe(ERROR_CODES.webhookSignatureInvalid.code);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/app/payments/webhooks/khqr',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(paidEvent(attempt.providerReference)),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().code).toBe(ERROR_CODES.webhookSignatureInvalid.code);
    const stale = await webhook('khqr', paidEvent(attempt.providerReference), {
      at: new Date(clock.now().getTime() - 6 * 60_000),
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe(ERROR_CODES.webhookTimestampStale.code);
    // Correctly signed, but the sandbox was never paid: a signed event is only a hint.
    const unconfirmed = await webhook('khqr', paidEvent(attempt.providerReference));
    expect(unconfirmed.statusCode).toBe(200);
    expect(unconfirmed.json().data).toEqual({ outcome: 'ignored' });
    expect(await statusOf(customer.token, order.id)).toBe('pendingPayment');
    expect(await moneyOf(order.id)).toEqual({ escrow: 0, entries: 0 });
  });

  it('applies a confirmed payment once: escrow and the pay step; a replayed event changes nothing', async () => {
    const { customer, order, attempt } = await startQr();
    khqr.markPaid(attempt.providerReference);
    const first = await webhook('khqr', paidEvent(attempt.providerReference));
    expect(first.json().data).toEqual({ outcome: 'applied' });
    expect(await statusOf(customer.token, order.id)).toBe('waitingAcceptance');
    expect(await moneyOf(order.id)).toEqual({ escrow: order.payable, entries: 1 });
    const replay = await webhook('khqr', paidEvent(attempt.providerReference));
    expect(replay.json().data).toEqual({ outcome: 'replayed' });
    // Another event id for the same payment (the provider resent it): still paid once.
    const resent = await webhook('khqr', paidEvent(attempt.providerReference, 'evt-resent'));
    expect(resent.json().data).toEqual({ outcome: 'replayed' });
    expect(await moneyOf(order.id)).toEqual({ escrow: order.payable, entries: 1 });
    const current = await call(app, {
      method: 'GET',
      url: `/app/orders/${order.id}/payments/current`,
      token: customer.token,
    });
    expect(current.json().data.status).toBe('succeeded');
  });

  it('pays exactly once when it crashes between the confirmation and the ledger write, then is retried', async () => {
    const { customer, order, attempt } = await startQr('card');
    card.markPaid(attempt.providerReference);
    crashAfterConfirmation = true;
    const crashed = await webhook('card', paidEvent(attempt.providerReference));
    // A 5xx: the provider resends it (issue #35 finding 5).
    expect(crashed.statusCode).toBe(500);
    expect(crashed.json().code).toBe(ERROR_CODES.internalError.code);
    expect(await statusOf(customer.token, order.id)).toBe('pendingPayment');
    expect(await moneyOf(order.id)).toEqual({ escrow: 0, entries: 0 });
    const retried = await webhook('card', paidEvent(attempt.providerReference));
    expect(retried.json().data).toEqual({ outcome: 'applied' });
    const again = await webhook('card', paidEvent(attempt.providerReference));
    expect(again.json().data).toEqual({ outcome: 'replayed' });
    expect(await statusOf(customer.token, order.id)).toBe('waitingAcceptance');
    expect(await moneyOf(order.id)).toEqual({ escrow: order.payable, entries: 1 });
  });

  it('puts a payment that arrives after the order was paid another way into the wallet', async () => {
    const { customer, order, attempt } = await startQr();
    await fundWallet(database, clock, customer.user.id, order.payable);
    expect((await payOrder(app, customer.token, order.id, 'wallet')).json().code).toBe(0);
    khqr.markPaid(attempt.providerReference);
    const late = await webhook('khqr', paidEvent(attempt.providerReference));
    expect(late.json().data).toEqual({ outcome: 'credited' });
    const wallet = await call(app, { method: 'GET', url: '/app/wallet', token: customer.token });
    expect(wallet.json().data.balances).toEqual([{ currency: 'USD', amount: order.payable }]);
    expect((await moneyOf(order.id)).escrow).toBe(order.payable);
  });

  it('fails an attempt the provider reports failed, once', async () => {
    const { customer, order, attempt } = await startQr();
    const failed = await webhook('khqr', {
      eventId: 'evt-fail',
      type: 'payment.failed',
      reference: 'unknown-ref',
    });
    // Resent until known: the event may have outrun the attempt's own commit.
    expect(failed.statusCode).toBe(404);
    expect(failed.json().code).toBe(ERROR_CODES.webhookPaymentUnknown.code);
    expect(await statusOf(customer.token, order.id)).toBe('pendingPayment');
    expect(attempt.status).toBe('pending');
  });
});

// Issue #35 finding 5 (decision 110): a refused webhook answers an HTTP status the provider acts
// on (4xx: do not resend; 5xx: resend later), the envelope still in the body.
describe('webhook answers a provider acts on', () => {
  const signed = (provider: string, body: string) => {
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    return app.inject({
      method: 'POST',
      url: `/app/payments/webhooks/${provider}`,
      headers: {
        'content-type': 'application/json',
        'x-sabai-timestamp': String(timestamp),
        'x-sabai-signature': signWebhook(SECRET, timestamp, body),
        lang: 'th',
      },
      payload: body,
    });
  };

  it.each([
    ['not JSON', '{"eventId":'],
    ['not an event', JSON.stringify({ eventId: 'evt-x', type: 'payment.refunded', reference: 'r' })],
  ])('answers a signed but malformed event (%s) 400 with the envelope', async (_what, body) => {
    const response = await signed('khqr', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ERROR_CODES.validationFailed.code, data: null });
    expect(response.json().msg).toMatch(/\S/);
  });

  it('answers a provider it does not know 404', async () => {
    const response = await signed('paypal', JSON.stringify(paidEvent('ref-1')));
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(ERROR_CODES.routeNotFound.code);
  });

  it('answers 503 (resend later) while no webhook secret is configured', async () => {
    const { app: unconfigured } = await createTestApp({
      database,
      config: { NODE_ENV: 'production', SMS_DEV_IN_PRODUCTION: 'true', SEED_DEMO_DATA: 'false' },
    });
    const response = await unconfigured.inject({
      method: 'POST',
      url: '/app/payments/webhooks/khqr',
      headers: { 'content-type': 'application/json', 'x-sabai-timestamp': '1', 'x-sabai-signature': 'x' },
      payload: JSON.stringify(paidEvent('ref-2')),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe(ERROR_CODES.webhookNotConfigured.code);
  });

  it('declares these statuses in the OpenAPI document', async () => {
    const route = app.swagger().paths?.['/app/payments/webhooks/{provider}']?.post;
    // The document also lists the refusals every body-taking route may give (413, 415: decision 109).
    expect(Object.keys(route?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '500', '503']),
    );
  });
});

describe('the development "simulate paid" control', () => {
  it('pays an attempt through a signed webhook for callers on this machine only', async () => {
    const { customer, order, attempt } = await startQr();
    const remote = await app.inject({
      method: 'POST',
      url: `/app/dev/payments/attempts/${attempt.id}/simulate-paid`,
      remoteAddress: '203.0.113.9',
    });
    expect(remote.json().code).toBe(ERROR_CODES.devToolLocalOnly.code);
    expect(await statusOf(customer.token, order.id)).toBe('pendingPayment');
    const local = await app.inject({
      method: 'POST',
      url: `/app/dev/payments/attempts/${attempt.id}/simulate-paid`,
    });
    expect(local.json().data).toEqual({ outcome: 'applied' });
    expect(await statusOf(customer.token, order.id)).toBe('waitingAcceptance');
    expect(await moneyOf(order.id)).toEqual({ escrow: order.payable, entries: 1 });
  });
});

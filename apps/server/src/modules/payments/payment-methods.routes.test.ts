import { ERROR_CODES } from '@sabai/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { BOOKING_NOW } from '../../../test/booking-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { bookUnpaidOrder, payOrder } from '../../../test/payment-fixtures';
import { createTestApp } from '../../../test/test-app';
import { fixedClock } from '../../lib/clock';
import { createPaymentsRepository } from './payments.repository';

const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({ clock });

const methodsOf = (token: string | undefined, orderId: number) =>
  call(app, { method: 'GET', url: `/app/orders/${orderId}/payments/methods`, token });

describe('the methods the pay page offers (decision 041)', () => {
  it("offers the wallet, the QR rail of the order's currency and card; no cash unless the city allows it", async () => {
    const { customer, order } = await bookUnpaidOrder(app, database);
    const answer = (await methodsOf(customer.token, order.id)).json();
    expect(answer).toMatchObject({
      code: 0,
      data: { methods: ['wallet', 'khqr', 'card'], attemptExpiryMinutes: 10 },
    });
    // What is not offered is what `pay` refuses: PromptPay cannot take dollars, cash is off.
    for (const method of ['promptpay', 'vietqr', 'cash']) {
      expect((await payOrder(app, customer.token, order.id, method)).json().code).toBe(
        ERROR_CODES.paymentMethodUnavailable.code,
      );
    }
  });

  it('adds cash once the city switches it on, with the city’s expiry', async () => {
    const { city, customer, order } = await bookUnpaidOrder(app, database);
    const repository = createPaymentsRepository(database.db);
    await repository.saveCitySettings(city.id, { isCashAllowed: true, attemptExpiryMinutes: 15 });
    try {
      const answer = (await methodsOf(customer.token, order.id)).json();
      expect(answer.data).toEqual({ methods: ['wallet', 'khqr', 'card', 'cash'], attemptExpiryMinutes: 15 });
    } finally {
      await repository.saveCitySettings(city.id, {});
    }
  });

  it("answers someone else's order as not found and an anonymous caller with 401", async () => {
    const { order } = await bookUnpaidOrder(app, database);
    const stranger = await registerUser(app);
    expect((await methodsOf(stranger.token, order.id)).json().code).toBe(ERROR_CODES.notFound.code);
    expect((await methodsOf(undefined, order.id)).json().code).toBe(401);
  });
});

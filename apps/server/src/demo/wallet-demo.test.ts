import { describe, expect, it } from 'vitest';
import { call } from '../../test/identity-helpers';
import { payOrder } from '../../test/payment-fixtures';
import { createTestApp } from '../../test/test-app';
import { seedDemo } from '.';
import { DEMO_CUSTOMER_LOGIN } from './orders-demo';
import { DEMO_WALLET_TOP_UP } from './wallet-demo';

// The demo as `npm start` loads it, then the real routes: the demo customer can pay by wallet.
const { app, database } = await createTestApp();

describe("the demo customer's wallet", () => {
  it('holds one ledger top-up, booked once, that pays the pending demo order', async () => {
    expect(await seedDemo(database.db, new Date())).toBe(true);
    const login = await call(app, {
      method: 'POST',
      url: '/app/auth/login/password',
      payload: {
        areaCode: DEMO_CUSTOMER_LOGIN.areaCode,
        phone: DEMO_CUSTOMER_LOGIN.phone,
        password: DEMO_CUSTOMER_LOGIN.password,
      },
    });
    const token = login.json().data.token as string;
    const wallet = async () => (await call(app, { method: 'GET', url: '/app/wallet', token })).json().data;
    expect(await wallet()).toEqual({ balances: [{ currency: 'USD', amount: DEMO_WALLET_TOP_UP }] });
    const history = (await call(app, { method: 'GET', url: '/app/wallet/history', token })).json().data;
    expect(history.items).toMatchObject([{ kind: 'topUp', amount: DEMO_WALLET_TOP_UP, currency: 'USD' }]);

    // A second start books nothing more.
    await seedDemo(database.db, new Date(Date.now() + 3_600_000));
    expect(await wallet()).toEqual({ balances: [{ currency: 'USD', amount: DEMO_WALLET_TOP_UP }] });

    const pending = (await call(app, { method: 'GET', url: '/app/orders?tab=pendingPayment', token })).json()
      .data.items as { id: number; payable: number }[];
    const order = pending[0];
    if (!order) throw new Error('the demo customer has no order to pay');
    expect(order.payable).toBeLessThanOrEqual(DEMO_WALLET_TOP_UP);
    const paid = (await payOrder(app, token, order.id, 'wallet')).json();
    expect(paid).toMatchObject({ code: 0, data: { status: 'succeeded', amount: order.payable } });
    expect(await wallet()).toEqual({
      balances: [{ currency: 'USD', amount: DEMO_WALLET_TOP_UP - order.payable }],
    });
  });
});

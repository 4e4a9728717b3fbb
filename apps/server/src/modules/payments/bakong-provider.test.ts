import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startFakeBakong } from '../../../test/fake-bakong';
import { createBakongProvider } from './bakong-provider';
import { RefundNotSupportedError } from './payment-provider';
import { khqrPayload } from './qr-payloads';

const TOKEN = 'fake-bakong-token-0123456789';
const ACCOUNT = 'sabai_test@devb';
const bakongApi = await startFakeBakong(TOKEN);
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => warnings.push(args) };
const qr = {
  payeeName: 'SABAI TEST',
  build: (facts: Parameters<typeof khqrPayload>[1]) =>
    khqrPayload({ accountId: ACCOUNT, merchantName: 'SABAI TEST', merchantCity: 'Phnom Penh' }, facts),
};
const provider = createBakongProvider({
  baseUrl: `${bakongApi.url}/`,
  token: TOKEN,
  timeoutMs: 2_000,
  accountId: ACCOUNT,
  qr,
  log,
});

let sequence = 0;
async function newPayment(amount = 1250, currency = 'USD') {
  sequence += 1;
  const createdAt = new Date();
  return provider.createPayment({
    merchantReference: `BILL${String(sequence).padStart(16, '0')}`,
    orderNumber: 'S2026112412345678',
    amount,
    currency,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 10 * 60_000),
  });
}

/** A port nobody listens on: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the Bakong KHQR provider against a local Bakong', () => {
  it("references the payment by its payload's md5 and asks Bakong with the bearer token", async () => {
    const payment = await newPayment();
    expect(payment.reference).toMatch(/^[0-9a-f]{32}$/);
    expect(payment.billNumber).toMatch(/^BILL\d{16}$/);
    expect(payment.payeeName).toBe('SABAI TEST');
    expect(await provider.confirm(payment.reference, { amount: 1250, currency: 'USD' })).toBe('pending');
    expect(bakongApi.requests.at(-1)).toEqual({ md5: payment.reference, authorization: `Bearer ${TOKEN}` });
  });

  it('answers succeeded once Bakong found the payment with the amount and currency asked for', async () => {
    const usd = await newPayment(1250, 'USD');
    bakongApi.paid.set(usd.reference, { amount: 12.5, currency: 'USD', toAccountId: ACCOUNT });
    expect(await provider.confirm(usd.reference, { amount: 1250, currency: 'USD' })).toBe('succeeded');
    const khr = await newPayment(50_000, 'KHR');
    bakongApi.paid.set(khr.reference, { amount: 50_000, currency: 'KHR', toAccountId: ACCOUNT });
    expect(await provider.confirm(khr.reference, { amount: 50_000, currency: 'KHR' })).toBe('succeeded');
  });

  it('answers failed, never succeeded, when the amount, the currency or the payee differs', async () => {
    const short = await newPayment(1250, 'USD');
    bakongApi.paid.set(short.reference, { amount: 12.49, currency: 'USD', toAccountId: ACCOUNT });
    expect(await provider.confirm(short.reference, { amount: 1250, currency: 'USD' })).toBe('failed');
    const riel = await newPayment(1250, 'USD');
    bakongApi.paid.set(riel.reference, { amount: 12.5, currency: 'KHR', toAccountId: ACCOUNT });
    expect(await provider.confirm(riel.reference, { amount: 1250, currency: 'USD' })).toBe('failed');
    const elsewhere = await newPayment(1250, 'USD');
    bakongApi.paid.set(elsewhere.reference, { amount: 12.5, currency: 'USD', toAccountId: 'someone@aclb' });
    expect(await provider.confirm(elsewhere.reference, { amount: 1250, currency: 'USD' })).toBe('failed');
    const fractional = await newPayment(1250, 'USD');
    bakongApi.paid.set(fractional.reference, { amount: 12.501, currency: 'USD', toAccountId: ACCOUNT });
    expect(await provider.confirm(fractional.reference, { amount: 1250, currency: 'USD' })).toBe('failed');
  });

  it('stays pending, without throwing, on a dropped connection, an outage page, a bad token or no server', async () => {
    const payment = await newPayment();
    bakongApi.paid.set(payment.reference, { amount: 12.5, currency: 'USD', toAccountId: ACCOUNT });
    const expected = { amount: 1250, currency: 'USD' };
    bakongApi.dropped.add(payment.reference);
    expect(await provider.confirm(payment.reference, expected)).toBe('pending');
    bakongApi.dropped.delete(payment.reference);
    bakongApi.broken.add(payment.reference);
    expect(await provider.confirm(payment.reference, expected)).toBe('pending');
    bakongApi.broken.delete(payment.reference);

    const wrongToken = createBakongProvider({
      baseUrl: bakongApi.url,
      token: 'not-the-token-0123456789',
      timeoutMs: 2_000,
      accountId: ACCOUNT,
      qr,
      log,
    });
    expect(await wrongToken.confirm(payment.reference, expected)).toBe('pending');
    const nobody = createBakongProvider({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      token: TOKEN,
      timeoutMs: 2_000,
      accountId: ACCOUNT,
      qr,
      log,
    });
    expect(await nobody.confirm(payment.reference, expected)).toBe('pending');
    // Each trouble was logged for an operator; the same payment, asked properly, is found.
    expect(warnings.length).toBeGreaterThanOrEqual(4);
    expect(await provider.confirm(payment.reference, expected)).toBe('succeeded');
  });

  it('says it cannot refund, so the customer is asked for bank details and customer service pays out', async () => {
    const payment = await newPayment();
    const refund = {
      reference: payment.reference,
      amount: 1250,
      currency: 'USD',
      refundKey: 'order:7:refund',
    };
    await expect(provider.refund(refund)).rejects.toBeInstanceOf(RefundNotSupportedError);
  });
});

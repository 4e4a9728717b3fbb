import { describe, expect, it } from 'vitest';
import { withFreshOrderNumber } from './order-rows';

/** What node-postgres (wrapped by Drizzle) throws when an insert hits a unique key. */
const uniqueViolation = (constraint: string) =>
  Object.assign(new Error('Failed query'), { cause: { code: '23505', constraint } });

describe('withFreshOrderNumber', () => {
  const now = new Date('2026-11-24T08:00:00Z');

  it('draws a new order number when the one drawn is taken, instead of failing the booking', async () => {
    const tried: string[] = [];
    const stored = await withFreshOrderNumber(now, async (orderNumber) => {
      tried.push(orderNumber);
      if (tried.length === 1) throw uniqueViolation('orders_order_number_unique');
      return orderNumber;
    });
    expect(tried).toHaveLength(2);
    expect(stored).toBe(tried[1]);
    for (const number of tried) expect(number).toMatch(/^S20261124\d{8}$/);
  });

  it('lets any other failure through at once', async () => {
    let attempts = 0;
    await expect(
      withFreshOrderNumber(now, async () => {
        attempts += 1;
        throw uniqueViolation('orders_store_verification_code');
      }),
    ).rejects.toThrow('Failed query');
    expect(attempts).toBe(1);
  });
});

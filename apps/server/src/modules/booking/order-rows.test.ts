import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { BUSY_WRITE_ATTEMPTS, underBusyConstraint, withFreshOrderNumber } from './order-rows';

/** What node-postgres (wrapped by Drizzle) throws when an insert hits a unique key. */
const uniqueViolation = (constraint: string) =>
  Object.assign(new Error('Failed query'), { cause: { code: '23505', constraint } });

/** What node-postgres (wrapped by Drizzle) throws for a PostgreSQL error `code`. */
const failedWith = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });

describe('underBusyConstraint', () => {
  it('runs a write PostgreSQL chose as a deadlock victim again, and answers "time taken" when it then overlaps', async () => {
    const outcomes = [failedWith('40P01'), failedWith('40P01'), failedWith('23P01')];
    let attempts = 0;
    const answer = underBusyConstraint(async () => {
      attempts += 1;
      throw outcomes[attempts - 1];
    });
    await expect(answer).rejects.toBeInstanceOf(AppError);
    await expect(answer).rejects.toMatchObject({ key: 'bookingTimeTaken' });
    expect(attempts).toBe(3);
  });

  it('answers what the write wrote once a retry goes through', async () => {
    let attempts = 0;
    const stored = await underBusyConstraint(async () => {
      attempts += 1;
      if (attempts === 1) throw failedWith('40P01');
      return 'order 1';
    });
    expect(stored).toBe('order 1');
  });

  it('gives up after a bounded number of deadlocks, and lets any other failure through at once', async () => {
    let attempts = 0;
    await expect(
      underBusyConstraint(async () => {
        attempts += 1;
        throw failedWith('40P01');
      }),
    ).rejects.toThrow('Failed query');
    expect(attempts).toBe(BUSY_WRITE_ATTEMPTS);

    attempts = 0;
    await expect(
      underBusyConstraint(async () => {
        attempts += 1;
        throw failedWith('23505');
      }),
    ).rejects.toThrow('Failed query');
    expect(attempts).toBe(1);
  });
});

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

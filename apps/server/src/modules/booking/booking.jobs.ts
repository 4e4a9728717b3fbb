import { z } from 'zod';
import { defineJobType } from '../../jobs/queue';

const orderPayload = z.object({ orderId: z.number().int().positive() });

/** An unpaid order gives its time back after the city's payment window. */
export const expireUnpaidOrderJob = defineJobType('booking.expire-unpaid', orderPayload);
/** A paid order nobody accepted goes to reassigning after the city's answer window. */
export const autoDeclineOrderJob = defineJobType('booking.auto-decline', orderPayload);
/** A customer who does not choose another provider in time is refunded in full. */
export const cancelUnchosenOrderJob = defineJobType('booking.cancel-unchosen', orderPayload);
/** A service still running long after its booked end is ended by the system. */
export const autoEndOrderJob = defineJobType('booking.auto-end', orderPayload);
/** An ended service waits for the customer's review. */
export const awaitReviewJob = defineJobType('booking.await-review', orderPayload);
/** An order without a review completes after the city's window. */
export const autoCompleteOrderJob = defineJobType('booking.auto-complete', orderPayload);

/** Every timed job of an order: a step of the order cancels the ones its new status no longer needs. */
export const ORDER_TIMED_JOBS = [
  expireUnpaidOrderJob,
  autoDeclineOrderJob,
  cancelUnchosenOrderJob,
  autoEndOrderJob,
  awaitReviewJob,
  autoCompleteOrderJob,
] as const;

export const jobKeyOf = (orderId: number) => `order:${orderId}`;

// --- Reminders and customer service's flags (decision 029): keyed per due time, not in ORDER_TIMED_JOBS ---

/**
 * A reminder to the provider of an order still waiting for their answer. `since` is when the order
 * entered "waiting to be accepted" for this round: a reminder of an earlier round does nothing.
 */
export const acceptReminderJob = defineJobType(
  'booking.accept-reminder',
  z.object({ orderId: z.number().int().positive(), since: z.string(), minute: z.number().int().positive() }),
);
/** Raises a customer-service flag of the order if its condition holds when due (re-timed when the due time moved). */
export const orderFlagCheckJob = defineJobType(
  'booking.flag-check',
  z.object({
    orderId: z.number().int().positive(),
    kind: z.enum(['lateDeparture', 'providerLate', 'overrun']),
  }),
);

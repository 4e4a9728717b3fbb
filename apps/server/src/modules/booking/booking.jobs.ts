import { z } from 'zod';
import { defineJobType } from '../../jobs/queue';

const orderPayload = z.object({ orderId: z.number().int().positive() });

/** An unpaid order gives its time back after the city's payment window. */
export const expireUnpaidOrderJob = defineJobType('booking.expire-unpaid', orderPayload);
/** A paid order nobody accepted goes to reassigning after the city's answer window. */
export const autoDeclineOrderJob = defineJobType('booking.auto-decline', orderPayload);

export const jobKeyOf = (orderId: number) => `order:${orderId}`;

import { z } from 'zod';
import { PAYMENT_METHODS } from './payments.schemas';

/**
 * What the pay page offers for one order (decision 041): the methods the server would accept for
 * it now — the wallet always, the QR rail of the order's currency, card, and cash only where the
 * order's city allows it. The client never decides which rail takes which currency.
 */
export const orderPaymentMethodsSchema = z.object({
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /** How long a QR or card payment stays open (the city's setting), for the page's explanation. */
  attemptExpiryMinutes: z.number().int(),
});
export type OrderPaymentMethods = z.infer<typeof orderPaymentMethodsSchema>;

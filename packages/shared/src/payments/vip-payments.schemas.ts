import { z } from 'zod';
import { purposeAttemptSchema, TOP_UP_METHODS } from './extras.schemas';

/**
 * Paying the VIP annual card through a rail (decision 051): the same rails as a top-up (KHQR,
 * PromptPay, VietQR, card); the wallet keeps its own route (`POST /app/vip/purchases`).
 */
export const VIP_RAIL_METHODS = TOP_UP_METHODS;
export const vipPaymentBodySchema = z
  .object({ cityId: z.number().int().positive(), method: z.enum(VIP_RAIL_METHODS) })
  .strict();
export const vipPaymentStartedSchema = z.object({
  requestId: z.number().int(),
  attempt: purposeAttemptSchema,
});
export type VipPaymentStarted = z.infer<typeof vipPaymentStartedSchema>;

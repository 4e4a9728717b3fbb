import { z } from 'zod';
import { orderSummarySchema } from './booking.schemas';

/** Customer service's side of booking (decision 029): flags needing attention and the staff audit. */
export const ORDER_FLAG_KINDS = ['lateDeparture', 'providerLate', 'overrun'] as const;

export const attentionQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const attentionItemSchema = z.object({
  flagId: z.number().int(),
  kind: z.enum(ORDER_FLAG_KINDS),
  raisedAt: z.string(),
  order: orderSummarySchema.extend({ customerId: z.number().int(), cityId: z.number().int() }),
});

export const attentionPageSchema = z.object({
  items: z.array(attentionItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

const auditedStateSchema = z.object({
  status: z.number().int(),
  therapistId: z.number().int().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  busyStart: z.string(),
  busyEnd: z.string(),
  acceptedAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  settlement: z.unknown(),
  adjustments: z.array(z.unknown()),
});

export const staffAuditEntrySchema = z.object({
  id: z.number().int(),
  staffId: z.number().int(),
  action: z.string(),
  reason: z.string(),
  at: z.string(),
  before: auditedStateSchema,
  after: auditedStateSchema,
});

/** An order's audit trail: every staff action on it, and every flag it ever had. */
export const staffAuditTrailSchema = z.object({
  entries: z.array(staffAuditEntrySchema),
  flags: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(ORDER_FLAG_KINDS),
      raisedAt: z.string(),
      resolvedAt: z.string().nullable(),
    }),
  ),
});

import { z } from 'zod';
import { idSchema, textSchema } from '../input';
import { uploadedImageSchema } from '../reviews/reviews.schemas';
import {
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  MAX_FEEDBACK_CONTACT,
  MAX_FEEDBACK_DESCRIPTION,
  MAX_FEEDBACK_IMAGES,
  MAX_FEEDBACK_REPLY,
} from './feedback-rules';

const imageKeySchema = z.string().min(1).max(120);

/**
 * The feedback form (my/feedback/index, my/order/instoreFeedback). An empty description is checked
 * by the service, so it answers its own clear message rather than a generic field error.
 */
export const feedbackBodySchema = z.object({
  type: z.enum(FEEDBACK_TYPES),
  description: textSchema().trim().max(MAX_FEEDBACK_DESCRIPTION),
  contact: textSchema().trim().max(MAX_FEEDBACK_CONTACT).default(''),
  /** One of the customer's own orders (my/feedback/selectOrder); someone else's answers not found. */
  orderId: idSchema.nullable().default(null),
  imageKeys: z.array(imageKeySchema).max(MAX_FEEDBACK_IMAGES).default([]),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;
/** What the web sends: defaults may be left out. */
export type FeedbackInput = z.input<typeof feedbackBodySchema> & { orderId?: number | null };

export const feedbackReplyBodySchema = z.object({
  text: textSchema().trim().max(MAX_FEEDBACK_REPLY),
});

export const feedbackReplySchema = z.object({
  id: z.number().int(),
  /** Who wrote it: the customer or customer service (staff are not named to the customer). */
  author: z.enum(['customer', 'staff']),
  text: z.string(),
  createdAt: z.string(),
});
export type FeedbackReply = z.infer<typeof feedbackReplySchema>;

export const feedbackSummarySchema = z.object({
  id: z.number().int(),
  type: z.enum(FEEDBACK_TYPES),
  description: z.string(),
  contact: z.string(),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  images: z.array(uploadedImageSchema),
  status: z.enum(FEEDBACK_STATUSES),
  replyCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeedbackSummary = z.infer<typeof feedbackSummarySchema>;

export const feedbackDetailSchema = feedbackSummarySchema.extend({
  replies: z.array(feedbackReplySchema),
});
export type FeedbackDetail = z.infer<typeof feedbackDetailSchema>;

export const feedbackPageSchema = z.object({
  items: z.array(feedbackSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

export const feedbackIdParamsSchema = z.object({ id: idSchema });

export const feedbackPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export const staffFeedbackQuerySchema = feedbackPageQuerySchema.extend({
  status: z.enum(FEEDBACK_STATUSES).optional(),
  type: z.enum(FEEDBACK_TYPES).optional(),
});

export const feedbackStatusBodySchema = z.object({
  status: z.enum(FEEDBACK_STATUSES),
});

import { z } from 'zod';
import { LANGUAGES } from '../i18n';
import { idSchema, textSchema } from '../input';
import {
  COMPLAINT_STATUSES,
  COMPLAINT_TYPES,
  MAX_COMPLAINT_CONTENT,
  MAX_COMPLAINT_IMAGES,
  MAX_COMPLAINT_TITLE,
  MAX_REVIEW_PHOTOS,
  MAX_REVIEW_TEXT,
  REVIEW_TAGS,
} from './review-rules';

const imageKeySchema = z.string().min(1).max(120);

/**
 * The review form. Rating and tag count are checked by the service (not here) so a zero rating or a
 * fourth tag answers its own clear message rather than a generic field error.
 */
export const reviewBodySchema = z.object({
  rating: z.number().int().min(0).max(5),
  tags: z.array(z.enum(REVIEW_TAGS)).max(REVIEW_TAGS.length),
  text: textSchema().max(MAX_REVIEW_TEXT).default(''),
  photoKeys: z
    .array(imageKeySchema)
    .max(MAX_REVIEW_PHOTOS * 2)
    .default([]),
  isAnonymous: z.boolean().default(false),
  /** In-store orders: whether the therapist who served is rated too (home visits always are). */
  includesTherapist: z.boolean().default(true),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const orderIdParamsSchema = z.object({ id: idSchema });

export const uploadedImageSchema = z.object({ key: z.string(), url: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** A review as its author (and staff) reads it. */
export const myReviewSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  therapistId: z.number().int().nullable(),
  storeId: z.number().int().nullable(),
  rating: z.number().int(),
  tags: z.array(z.string()),
  text: z.string(),
  photos: z.array(uploadedImageSchema),
  isAnonymous: z.boolean(),
  reply: z.string().nullable(),
  isHidden: z.boolean(),
  createdAt: z.string(),
  /** Until when the author may change it. */
  editableUntil: z.string(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** A review as any reader of a therapist's or store's page sees it. */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  tags: z.array(z.string()),
  text: z.string(),
  photos: z.array(z.string()),
  authorName: z.string(),
  reply: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const reviewPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

export const publicReviewPageSchema = z.object({
  items: z.array(publicReviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

export const reviewReplyBodySchema = z.object({ text: textSchema().trim().min(1).max(MAX_REVIEW_TEXT) });
export const staffReasonBodySchema = z.object({ reason: textSchema().trim().min(1).max(300) });

export const complaintBodySchema = z.object({
  orderId: idSchema,
  type: z.enum(COMPLAINT_TYPES),
  title: textSchema().trim().min(1).max(MAX_COMPLAINT_TITLE),
  content: textSchema().trim().min(1).max(MAX_COMPLAINT_CONTENT),
  /** At least one image is required (spec); checked by the service for its own message. */
  imageKeys: z.array(imageKeySchema).max(MAX_COMPLAINT_IMAGES),
});
export type ComplaintBody = z.infer<typeof complaintBodySchema>;

export const complaintSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  type: z.enum(COMPLAINT_TYPES),
  title: z.string(),
  content: z.string(),
  images: z.array(uploadedImageSchema),
  status: z.enum(COMPLAINT_STATUSES),
  reply: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Complaint = z.infer<typeof complaintSchema>;

export const complaintPageSchema = z.object({
  items: z.array(complaintSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

export const staffComplaintQuerySchema = reviewPageQuerySchema.extend({
  status: z.enum(COMPLAINT_STATUSES).optional(),
});

export const complaintDecisionBodySchema = z.object({
  status: z.enum(['handled', 'rejected']),
  reply: textSchema().trim().min(1).max(MAX_COMPLAINT_CONTENT),
});

/** A review (and its reply) in the reader's language, cached per language (decision 058). */
export const reviewTranslationSchema = z.object({
  reviewId: z.number().int(),
  text: z.string(),
  reply: z.string().nullable(),
  sourceLang: z.enum(LANGUAGES).nullable(),
  targetLang: z.enum(LANGUAGES),
});
export type ReviewTranslation = z.infer<typeof reviewTranslationSchema>;

/** A review about the signed-in therapist, as their workbench lists it (reply once). */
export const receivedReviewSchema = publicReviewSchema.extend({
  repliedAt: z.string().nullable(),
  orderId: z.number().int().nullable(),
});
export type ReceivedReview = z.infer<typeof receivedReviewSchema>;

export const receivedReviewPageSchema = z.object({
  items: z.array(receivedReviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

export const STAFF_REVIEW_FILTERS = ['visible', 'hidden'] as const;
export const staffReviewQuerySchema = reviewPageQuerySchema.extend({
  status: z.enum(STAFF_REVIEW_FILTERS).default('visible'),
  /** Only reviews at or under this rating (the ones most likely to break the rules). */
  maxRating: z.coerce.number().int().min(1).max(5).optional(),
});

/** A review as customer service reads it on the desk: who it is about, whether and why hidden. */
export const staffReviewSchema = publicReviewSchema.extend({
  orderId: z.number().int().nullable(),
  therapistName: z.string().nullable(),
  storeName: z.string().nullable(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});
export type StaffReview = z.infer<typeof staffReviewSchema>;

export const staffReviewPageSchema = z.object({
  items: z.array(staffReviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

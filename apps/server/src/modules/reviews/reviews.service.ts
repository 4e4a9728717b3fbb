import type { OrderStatus } from '@sabai/shared/booking/order-status';
import type { Language } from '@sabai/shared/i18n';
import {
  MAX_REVIEW_PHOTOS,
  MAX_REVIEW_TAGS,
  REVIEW_EDIT_WINDOW_HOURS,
} from '@sabai/shared/reviews/review-rules';
import type {
  MyReview,
  PublicReview,
  ReceivedReview,
  ReviewBody,
  StaffReview,
} from '@sabai/shared/reviews/reviews.schemas';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { localised } from '../../lib/localised';
import { type Page, pageWindow, toPage } from '../../lib/paging';
import type { Outbox } from '../../outbox/outbox';
import { type BookingApi, type OrderAfterServiceFacts, requireActor } from '../booking';
import { type CareImages, careImageUrl } from './care-images';
import type { ReviewRow, ReviewsRepository } from './reviews.repository';

const HOUR = 60 * 60_000;

/** Where a review may be written: the service is over (a home visit ended, an in-store visit consumed). */
const REVIEWABLE: Record<OrderAfterServiceFacts['kind'], readonly OrderStatus[]> = {
  homeVisit: ['serviceEnded', 'pendingReview', 'completed'],
  inStore: ['consumed'],
};

export const isAfterService = (facts: OrderAfterServiceFacts) =>
  REVIEWABLE[facts.kind].includes(facts.status) && facts.finishedAt !== null;

const isUniqueViolation = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === '23505' ||
  (error as { code?: string }).code === '23505';

export interface ReviewsDeps {
  repository: ReviewsRepository;
  images: CareImages;
  clock: Clock;
  outbox: Outbox;
  booking: Pick<BookingApi, 'partiesOf' | 'orderAccess'> & {
    orders: Pick<BookingApi['orders'], 'afterServiceFacts' | 'reviewStepWithin'>;
  };
}

/**
 * Reviews (issue #16 item 1, decision 049): only the customer of an order whose service is over
 * writes one, once; the rating upkeep and the order's `review` step share its transaction.
 */
export function createReviewsService(deps: ReviewsDeps) {
  const { repository, images, clock, outbox, booking } = deps;

  const editableUntil = (row: ReviewRow) =>
    new Date(row.createdAt.getTime() + REVIEW_EDIT_WINDOW_HOURS * HOUR);

  const mine = (row: ReviewRow): MyReview => ({
    id: row.id,
    orderId: row.orderId ?? 0,
    therapistId: row.therapistId,
    storeId: row.storeId,
    rating: row.rating,
    tags: row.tags,
    text: row.text,
    photos: row.photoKeys.map((key) => ({ key, url: careImageUrl(key) })),
    isAnonymous: row.isAnonymous,
    reply: row.reply,
    isHidden: row.hiddenAt !== null,
    createdAt: row.createdAt.toISOString(),
    editableUntil: editableUntil(row).toISOString(),
  });

  const publicView = (row: ReviewRow): PublicReview => ({
    id: row.id,
    rating: row.rating,
    tags: row.tags,
    text: row.text,
    photos: row.photoKeys.map(careImageUrl),
    authorName: row.authorName,
    reply: row.reply,
    createdAt: row.createdAt.toISOString(),
  });

  /** Only the order's customer reviews it; its other parties hear so, anyone else "not found" (102). */
  async function ownOrder(me: AuthUser, orderId: number) {
    const access = await booking.orderAccess(me, orderId);
    requireActor(access, ['customer']);
    const facts = await booking.orders.afterServiceFacts(access);
    if (!facts) throw new AppError('notFound');
    return facts;
  }

  /** The rules of the form, the same for a new review and a change. */
  async function checkedContent(me: AuthUser, body: ReviewBody) {
    if (body.rating < 1) throw new AppError('reviewRatingRequired');
    const tags = [...new Set(body.tags)];
    if (tags.length < 1 || tags.length > MAX_REVIEW_TAGS) {
      throw new AppError('reviewTagCount', { max: MAX_REVIEW_TAGS });
    }
    const photoKeys = await images.assertOwn(me.id, body.photoKeys);
    if (photoKeys.length > MAX_REVIEW_PHOTOS)
      throw new AppError('reviewPhotoLimit', { max: MAX_REVIEW_PHOTOS });
    return { rating: body.rating, tags, text: body.text.trim(), photoKeys, isAnonymous: body.isAnonymous };
  }

  async function authorNameOf(me: AuthUser, isAnonymous: boolean) {
    const nickname = (await repository.nicknameOf(me.id)) || '*';
    return isAnonymous ? `${[...nickname][0] ?? '*'}***` : nickname;
  }

  return {
    async mine(me: AuthUser, orderId: number): Promise<MyReview | null> {
      await ownOrder(me, orderId);
      const row = await repository.findByOrder(orderId);
      return row ? mine(row) : null;
    },

    async create(me: AuthUser, orderId: number, body: ReviewBody): Promise<MyReview> {
      const facts = await ownOrder(me, orderId);
      if (!isAfterService(facts)) throw new AppError('orderNotReviewable');
      if (await repository.findByOrder(orderId)) throw new AppError('reviewAlreadyWritten');
      const content = await checkedContent(me, body);
      const now = clock.now();
      const row = {
        ...content,
        orderId,
        customerId: me.id,
        // A home visit rates its therapist; an in-store visit its store and, when chosen, the therapist.
        therapistId: facts.kind === 'inStore' && !body.includesTherapist ? null : facts.therapistId,
        storeId: facts.kind === 'inStore' ? facts.storeId : null,
        authorName: await authorNameOf(me, content.isAnonymous),
        createdAt: now,
        updatedAt: now,
      };
      if (row.therapistId === null && row.storeId === null) throw new AppError('orderNotReviewable');
      let written: ReviewRow | undefined;
      try {
        const stepped = await booking.orders.reviewStepWithin(orderId, me.id, async (tx) => {
          written = await repository.insert(tx, row);
        });
        if (!stepped) {
          // Already completed (or consumed in a store): no step to make; the provider still hears of it.
          const parties = await booking.partiesOf(orderId);
          written = await outbox.transaction(async (tx) => {
            const inserted = await repository.insert(tx, row);
            await outbox.add(tx, {
              aggregateType: 'order',
              aggregateId: orderId,
              eventType: 'order.reviewed',
              payload: { orderId, reviewId: inserted.id },
              topics: [
                `order:${orderId}`,
                `user:${me.id}`,
                ...(parties?.providerUserId ? [`user:${parties.providerUserId}`] : []),
              ],
            });
            return inserted;
          });
        }
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('reviewAlreadyWritten');
        throw error;
      }
      if (!written) throw new Error('review not written');
      return mine(written);
    },

    async update(me: AuthUser, orderId: number, body: ReviewBody): Promise<MyReview> {
      await ownOrder(me, orderId);
      const existing = await repository.findByOrder(orderId);
      if (!existing || existing.customerId !== me.id) throw new AppError('notFound');
      const now = clock.now();
      if (now.getTime() > editableUntil(existing).getTime() || existing.hiddenAt !== null) {
        throw new AppError('reviewEditWindowClosed', { hours: REVIEW_EDIT_WINDOW_HOURS });
      }
      const content = await checkedContent(me, body);
      const authorName = await authorNameOf(me, content.isAnonymous);
      const updated = await outbox.transaction((tx) =>
        repository.updateOwn(tx, existing.id, me.id, { ...content, authorName, updatedAt: now }),
      );
      if (!updated) throw new AppError('notFound');
      return mine(updated);
    },

    /** The reviewed therapist's one reply. */
    async reply(me: AuthUser, reviewId: number, text: string): Promise<PublicReview> {
      const therapistId = await repository.therapistIdOfUser(me.id);
      const review = await repository.findById(reviewId);
      if (!review || therapistId === null || review.therapistId !== therapistId || review.hiddenAt) {
        throw new AppError('notFound');
      }
      const row = await repository.setReplyOnce(reviewId, text, clock.now());
      if (!row) throw new AppError('reviewAlreadyReplied');
      return publicView(row);
    },

    /** Customer service hides a review that breaks the rules: audited, ratings recomputed. */
    async hide(staff: AuthUser, reviewId: number, reason: string): Promise<MyReview> {
      const review = await repository.findById(reviewId);
      if (!review) throw new AppError('notFound');
      const now = clock.now();
      const hidden = await outbox.transaction(async (tx) => {
        const row = await repository.hide(tx, reviewId, reason, now);
        if (!row) throw new AppError('reviewAlreadyHidden');
        await repository.insertAudit(tx, {
          subject: 'review',
          subjectId: reviewId,
          staffId: staff.id,
          action: 'hide',
          reason,
          before: { hiddenAt: null, rating: review.rating, text: review.text },
          after: { hiddenAt: now.toISOString(), hiddenReason: reason },
          at: now,
        });
        return row;
      });
      return mine(hidden);
    },

    async list(
      target: { therapistId: number } | { storeId: number },
      query: { page: number; pageSize: number },
    ): Promise<Page<PublicReview>> {
      const window = pageWindow(query);
      const rows = await repository.visibleOf(target, window.limit, window.offset);
      return toPage(rows.map(publicView), query);
    },

    /** The reviews about the signed-in therapist, newest first, for their reply. */
    async received(me: AuthUser, query: { page: number; pageSize: number }): Promise<Page<ReceivedReview>> {
      const therapistId = await repository.therapistIdOfUser(me.id);
      if (therapistId === null) throw new AppError('notFound');
      const window = pageWindow(query);
      const rows = await repository.aboutTherapist(therapistId, window.limit, window.offset);
      return toPage(
        rows.map((row) => ({
          ...publicView(row),
          repliedAt: row.repliedAt?.toISOString() ?? null,
          orderId: row.orderId,
        })),
        query,
      );
    },

    /** Customer service's desk list: visible (to hide) or hidden (with why). */
    async listForStaff(
      query: { page: number; pageSize: number; status: 'visible' | 'hidden'; maxRating?: number | undefined },
      lang: Language,
    ): Promise<Page<StaffReview>> {
      const window = pageWindow(query);
      const rows = await repository.forStaff(
        { hidden: query.status === 'hidden', maxRating: query.maxRating },
        window.limit,
        window.offset,
      );
      return toPage(
        rows.map(({ review, therapistName, storeNames }) => ({
          ...publicView(review),
          orderId: review.orderId,
          therapistName,
          storeName: storeNames ? localised(storeNames, lang) : null,
          hiddenAt: review.hiddenAt?.toISOString() ?? null,
          hiddenReason: review.hiddenReason,
        })),
        query,
      );
    },

    auditOf: (reviewId: number) => repository.auditOf('review', reviewId),
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

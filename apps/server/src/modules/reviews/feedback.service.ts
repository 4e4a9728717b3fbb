import type {
  FeedbackBody,
  FeedbackDetail,
  FeedbackReply,
  FeedbackSummary,
} from '@sabai/shared/feedback/feedback.schemas';
import {
  canMoveFeedback,
  type FeedbackStatus,
  type FeedbackType,
} from '@sabai/shared/feedback/feedback-rules';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type Page, pageWindow, toPage } from '../../lib/paging';
import type { Outbox } from '../../outbox/outbox';
import { type BookingApi, requireActor } from '../booking';
import { type CareImages, careImageUrl } from './care-images';
import type { FeedbackReplyRow, FeedbackRepository, FeedbackRow } from './feedback.repository';
import type { ReviewsRepository } from './reviews.repository';

/** The outbox events the notifications module turns into the customer's records (decision 053). */
export const FEEDBACK_EVENTS = {
  replied: 'feedback.replied',
  statusChanged: 'feedback.statusChanged',
} as const;

const summaryOf = (row: FeedbackRow): FeedbackSummary => ({
  id: row.id,
  type: row.type as FeedbackType,
  description: row.description,
  contact: row.contact,
  orderId: row.orderId,
  orderNumber: row.orderNumber,
  images: row.imageKeys.map((key) => ({ key, url: careImageUrl(key) })),
  status: row.status,
  replyCount: row.replyCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const replyOf = (row: FeedbackReplyRow): FeedbackReply => ({
  id: row.id,
  author: row.author,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Feedback (issue #16 item 3, decision 053): a customer's type, description, contact, images and
 * optionally one of their own orders; a thread of replies with customer service until it is closed;
 * customer service moves it forward, every action audited, the customer notified.
 */
export function createFeedbackService(deps: {
  repository: FeedbackRepository;
  audit: Pick<ReviewsRepository, 'insertAudit' | 'auditOf'>;
  images: CareImages;
  clock: Clock;
  outbox: Outbox;
  booking: Pick<BookingApi, 'orderAccess'>;
}) {
  const { repository, images, clock, outbox } = deps;

  async function detailOf(row: FeedbackRow): Promise<FeedbackDetail> {
    const replies = await repository.repliesOf(row.id);
    return { ...summaryOf(row), replies: replies.map(replyOf) };
  }

  async function reload(id: number): Promise<FeedbackDetail> {
    const row = await repository.find(id);
    if (!row) throw new AppError('notFound');
    return detailOf(row);
  }

  /** The customer's own feedback; anyone else's answers as not found. */
  async function ownRow(me: AuthUser, id: number): Promise<FeedbackRow> {
    const row = await repository.find(id);
    if (!row || row.customerId !== me.id) throw new AppError('notFound');
    return row;
  }

  const notify = (
    tx: Db,
    row: { id: number; customerId: number },
    eventType: string,
    status: FeedbackStatus,
  ) =>
    outbox.add(tx, {
      aggregateType: 'feedback',
      aggregateId: row.id,
      eventType,
      payload: { feedbackId: row.id, customerId: row.customerId, status },
      topics: [`user:${row.customerId}`],
    });

  return {
    async create(me: AuthUser, body: FeedbackBody): Promise<FeedbackDetail> {
      const description = body.description.trim();
      if (description === '') throw new AppError('feedbackDescriptionRequired');
      const orderId = body.orderId;
      if (orderId !== null) {
        // Feedback links only the caller's own order; its other parties hear so (decision 102).
        requireActor(await deps.booking.orderAccess(me, orderId), ['customer']);
      }
      const imageKeys = await images.assertOwn(me.id, body.imageKeys);
      const now = clock.now();
      const id = await repository.insert({
        customerId: me.id,
        orderId,
        type: body.type,
        description,
        contact: body.contact,
        imageKeys,
        createdAt: now,
        updatedAt: now,
      });
      return reload(id);
    },

    async mine(me: AuthUser, query: { page: number; pageSize: number }): Promise<Page<FeedbackSummary>> {
      const window = pageWindow(query);
      const rows = await repository.listOfCustomer(me.id, window.limit, window.offset);
      return toPage(rows.map(summaryOf), query);
    },

    get: async (me: AuthUser, id: number) => detailOf(await ownRow(me, id)),

    /**
     * The customer's reply, while the feedback is not closed. A reply to handled feedback reopens
     * it (processing), so customer service sees it again.
     */
    async replyAsCustomer(me: AuthUser, id: number, text: string): Promise<FeedbackDetail> {
      await ownRow(me, id);
      if (text.trim() === '') throw new AppError('feedbackReplyRequired');
      const now = clock.now();
      await outbox.transaction(async (tx) => {
        const row = await repository.lock(tx, id);
        if (!row) throw new AppError('notFound');
        if (row.status === 'closed') throw new AppError('feedbackClosed');
        await repository.insertReply(tx, {
          feedbackId: id,
          authorId: me.id,
          author: 'customer',
          text: text.trim(),
          createdAt: now,
        });
        if (row.status === 'handled') await repository.setStatus(tx, id, 'processing', now);
      });
      return reload(id);
    },

    async listForStaff(query: {
      page: number;
      pageSize: number;
      status?: FeedbackStatus | undefined;
      type?: FeedbackType | undefined;
    }): Promise<Page<FeedbackSummary>> {
      const window = pageWindow(query);
      const rows = await repository.listForStaff(query, window.limit, window.offset);
      return toPage(rows.map(summaryOf), query);
    },

    getForStaff: async (id: number) => reload(id),

    /** Customer service's reply (audited; the customer is notified); a pending one moves to processing. */
    async replyAsStaff(staff: AuthUser, id: number, text: string): Promise<FeedbackDetail> {
      if (text.trim() === '') throw new AppError('feedbackReplyRequired');
      const now = clock.now();
      await outbox.transaction(async (tx) => {
        const row = await repository.lock(tx, id);
        if (!row) throw new AppError('notFound');
        if (row.status === 'closed') throw new AppError('feedbackClosed');
        const status: FeedbackStatus = row.status === 'pending' ? 'processing' : row.status;
        await repository.insertReply(tx, {
          feedbackId: id,
          authorId: staff.id,
          author: 'staff',
          text: text.trim(),
          createdAt: now,
        });
        if (status !== row.status) await repository.setStatus(tx, id, status, now);
        await deps.audit.insertAudit(tx, {
          subject: 'feedback',
          subjectId: id,
          staffId: staff.id,
          action: 'reply',
          reason: text.trim(),
          before: { status: row.status },
          after: { status, reply: text.trim() },
          at: now,
        });
        await notify(tx, row, FEEDBACK_EVENTS.replied, status);
      });
      return reload(id);
    },

    /** Customer service moves the feedback forward only (audited; the customer is notified). */
    async changeStatus(staff: AuthUser, id: number, status: FeedbackStatus): Promise<FeedbackDetail> {
      const now = clock.now();
      await outbox.transaction(async (tx) => {
        const row = await repository.lock(tx, id);
        if (!row) throw new AppError('notFound');
        if (row.status === 'closed') throw new AppError('feedbackClosed');
        if (!canMoveFeedback(row.status, status)) throw new AppError('feedbackStatusNotAllowed');
        await repository.setStatus(tx, id, status, now);
        await deps.audit.insertAudit(tx, {
          subject: 'feedback',
          subjectId: id,
          staffId: staff.id,
          action: 'status',
          reason: status,
          before: { status: row.status },
          after: { status },
          at: now,
        });
        await notify(tx, row, FEEDBACK_EVENTS.statusChanged, status);
      });
      return reload(id);
    },

    auditOf: (id: number) => deps.audit.auditOf('feedback', id),
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;

import { COMPLAINT_WINDOW_DAYS, type ComplaintType } from '@sabai/shared/reviews/review-rules';
import type { Complaint, ComplaintBody } from '@sabai/shared/reviews/reviews.schemas';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type Page, pageWindow, toPage } from '../../lib/paging';
import type { Outbox } from '../../outbox/outbox';
import { type BookingApi, requireActor } from '../booking';
import { type CareImages, careImageUrl } from './care-images';
import type { ComplaintRow, ComplaintsRepository } from './complaints.repository';
import type { ReviewsRepository } from './reviews.repository';
import { isAfterService } from './reviews.service';

const DAY = 24 * 60 * 60_000;

const viewOf = (row: ComplaintRow): Complaint => ({
  id: row.id,
  orderId: row.orderId,
  orderNumber: row.orderNumber,
  type: row.type as ComplaintType,
  title: row.title,
  content: row.content,
  images: row.imageKeys.map((key) => ({ key, url: careImageUrl(key) })),
  status: row.status,
  reply: row.reply,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/**
 * Complaints (issue #16 item 2, decision 049): about one of the customer's own orders, within 7
 * days of its end, with at least one image; customer service handles or rejects each with a reply,
 * audited, and the customer is notified.
 */
export function createComplaintsService(deps: {
  repository: ComplaintsRepository;
  audit: Pick<ReviewsRepository, 'insertAudit' | 'auditOf'>;
  images: CareImages;
  clock: Clock;
  outbox: Outbox;
  booking: Pick<BookingApi, 'orderAccess'> & { orders: Pick<BookingApi['orders'], 'afterServiceFacts'> };
}) {
  const { repository, images, clock, outbox } = deps;

  return {
    async create(me: AuthUser, body: ComplaintBody): Promise<Complaint> {
      // Only the order's customer complains; its other parties hear so, anyone else "not found" (102).
      const access = await deps.booking.orderAccess(me, body.orderId);
      requireActor(access, ['customer']);
      const facts = await deps.booking.orders.afterServiceFacts(access);
      if (!facts) throw new AppError('notFound');
      if (!isAfterService(facts) || !facts.finishedAt) throw new AppError('orderNotComplainable');
      const now = clock.now();
      if (now.getTime() > facts.finishedAt.getTime() + COMPLAINT_WINDOW_DAYS * DAY) {
        throw new AppError('complaintWindowClosed', { days: COMPLAINT_WINDOW_DAYS });
      }
      if (body.imageKeys.length === 0) throw new AppError('complaintImageRequired');
      const imageKeys = await images.assertOwn(me.id, body.imageKeys);
      const id = await repository.insert({
        orderId: body.orderId,
        customerId: me.id,
        type: body.type,
        title: body.title,
        content: body.content,
        imageKeys,
        createdAt: now,
      });
      const row = await repository.find(id);
      if (!row) throw new Error('complaint not found after insert');
      return viewOf(row);
    },

    async mine(me: AuthUser, query: { page: number; pageSize: number }): Promise<Page<Complaint>> {
      const window = pageWindow(query);
      const rows = await repository.listOfCustomer(me.id, window.limit, window.offset);
      return toPage(rows.map(viewOf), query);
    },

    /** Someone else's complaint answers as not found. */
    async get(me: AuthUser, id: number): Promise<Complaint> {
      const row = await repository.find(id);
      if (!row || row.customerId !== me.id) throw new AppError('notFound');
      return viewOf(row);
    },

    async listForStaff(query: {
      page: number;
      pageSize: number;
      status?: ComplaintRow['status'] | undefined;
    }): Promise<Page<Complaint>> {
      const window = pageWindow(query);
      const rows = await repository.listForStaff(query.status, window.limit, window.offset);
      return toPage(rows.map(viewOf), query);
    },

    async decide(
      staff: AuthUser,
      id: number,
      decision: { status: 'handled' | 'rejected'; reply: string },
    ): Promise<Complaint> {
      const before = await repository.find(id);
      if (!before) throw new AppError('notFound');
      const now = clock.now();
      await outbox.transaction(async (tx) => {
        const row = await repository.decide(tx, id, { ...decision, decidedBy: staff.id, decidedAt: now });
        if (!row) throw new AppError('complaintAlreadyDecided');
        await deps.audit.insertAudit(tx, {
          subject: 'complaint',
          subjectId: id,
          staffId: staff.id,
          action: decision.status === 'handled' ? 'handle' : 'reject',
          reason: decision.reply,
          before: { status: before.status, reply: before.reply },
          after: { status: row.status, reply: row.reply },
          at: now,
        });
        // The customer's notification (decision 029's records) and their open pages hear of it.
        await outbox.add(tx, {
          aggregateType: 'order',
          aggregateId: before.orderId,
          eventType: 'order.complaintDecided',
          payload: { orderId: before.orderId, complaintId: id, status: decision.status },
          topics: [`user:${before.customerId}`],
        });
      });
      const after = await repository.find(id);
      if (!after) throw new AppError('notFound');
      return viewOf(after);
    },

    auditOf: (id: number) => deps.audit.auditOf('complaint', id),
  };
}

export type ComplaintsService = ReturnType<typeof createComplaintsService>;

import type { OrderStatus } from '@sabai/shared/booking/order-status';
import type { CashDueView, CashReceivedView } from '@sabai/shared/payments/refunds.schemas';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type BookingApi, requireActor } from '../booking';
import type { LedgerService } from '../ledger';
import { clearingOf, escrowOf } from './accounts';
import { orderIdOf, type PaymentsRepository } from './payments.repository';
import type { PaymentsOrders } from './payments.service';

/** Where a provider can have been handed the cash: at the service or after it. */
const CASH_COLLECTABLE: readonly OrderStatus[] = [
  'accepted',
  'departed',
  'arrived',
  'inService',
  'serviceEnded',
  'pendingReview',
  'completed',
  'toBeUsed',
  'preparing',
  'consumed',
];

/**
 * Cash on service (issue #14 item 4, decision 042): the order's provider confirms the customer
 * paid in cash. The cash enters the books as it would through any rail (cash clearing → escrow);
 * completion then turns what is not the provider's into what they owe (order-money.ts).
 */
export function createCashPayments(deps: {
  db: Db;
  clock: Clock;
  repository: PaymentsRepository;
  ledger: LedgerService;
  orders: PaymentsOrders;
  /** Booking's one order-access policy (decision 102). */
  orderAccess: BookingApi['orderAccess'];
  /** Books the completion of an order that completed before its cash was confirmed. */
  settleCompletion: (orderId: number) => Promise<void>;
}) {
  const { repository, ledger, orders, clock } = deps;

  async function providerParty(me: AuthUser, orderId: number) {
    // Only the provider who was handed the money (the therapist, or the store's staff) says so.
    requireActor(await deps.orderAccess(me, orderId), ['provider', 'store']);
  }

  return {
    /** The cash the order's provider is to collect (null: the order is not paid in cash). */
    async due(me: AuthUser, orderId: number): Promise<CashDueView | null> {
      await providerParty(me, orderId);
      const attempt = await repository.latestAttempt(orderId);
      if (attempt?.method !== 'cash' || (attempt.status !== 'pending' && attempt.status !== 'succeeded'))
        return null;
      return {
        orderId,
        amount: attempt.amount,
        currency: attempt.currency,
        receivedAt:
          attempt.status === 'succeeded' ? (attempt.settledAt ?? attempt.createdAt).toISOString() : null,
      };
    },

    async confirmReceived(me: AuthUser, orderId: number): Promise<CashReceivedView> {
      await providerParty(me, orderId);
      const order = await orders.moneyFacts(orderId);
      if (!order) throw new AppError('notFound');
      const attempt = await repository.latestAttempt(orderId);
      if (attempt?.method !== 'cash') throw new AppError('cashNotExpected');
      // Confirmed before (a retried tap): the same answer, nothing booked twice.
      if (attempt.status === 'succeeded')
        return view(
          orderIdOf(attempt),
          attempt.amount,
          attempt.currency,
          attempt.settledAt ?? attempt.createdAt,
        );
      if (attempt.status !== 'pending' || !CASH_COLLECTABLE.includes(order.status))
        throw new AppError('cashNotExpected');
      const now = clock.now();
      await deps.db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const locked = await repository.lockAttempt(tx, attempt.id);
        if (locked?.status !== 'pending') return;
        await repository.settleAttempt(tx, attempt.id, 'succeeded', now);
        await ledger.post(tx, {
          eventKey: `payment:${attempt.id}`,
          kind: 'cashReceived',
          orderId,
          actorUserId: me.id,
          lines: [
            { account: clearingOf('cash', attempt.currency), amount: -attempt.amount },
            { account: escrowOf(orderId, attempt.currency), amount: attempt.amount },
          ],
        });
      });
      // Completed before the cash was confirmed: its completion had nothing to book until now.
      if (order.status === 'completed') await deps.settleCompletion(orderId);
      const settled = await repository.attempt(attempt.id);
      return view(orderId, attempt.amount, attempt.currency, settled?.settledAt ?? now);
    },
  };
}

const view = (orderId: number, amount: number, currency: string, at: Date): CashReceivedView => ({
  orderId,
  amount,
  currency,
  receivedAt: at.toISOString(),
});

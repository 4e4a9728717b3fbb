import { isActionAllowed } from '@sabai/shared/booking/order-actions';
import type { OrderKind, OrderStatus } from '@sabai/shared/booking/order-status';
import type { AccountRef } from '@sabai/shared/ledger/ledger-accounts';
import { extrasSettingsFor, type OrderTipsView, type TipView } from '@sabai/shared/payments/extras.schemas';
import type { PaymentMethod } from '@sabai/shared/payments/payments.schemas';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type BookingApi, requireActor } from '../booking';
import type { LedgerService } from '../ledger';
import type { ExtrasRepository, TipRow } from './extras.repository';
import type { PaymentPurposeHandler, PurposePayments } from './payment-purposes';
import type { PaymentsRepository } from './payments.repository';
import type { PaymentsOrders } from './payments.service';

/** Tips are the provider's alone: their own account, apart from earnings (income pages show them). */
export function tipsAccountOf(
  order: { therapistId: number | null; storeId: number | null },
  currency: string,
): AccountRef {
  if (order.therapistId !== null)
    return { ownerKind: 'therapist', ownerId: order.therapistId, purpose: 'tips', currency };
  if (order.storeId !== null)
    return { ownerKind: 'store', ownerId: order.storeId, purpose: 'tips', currency };
  throw new Error('a tipped order has no provider');
}

/**
 * A served order, by booking's one rule (decisions 045, 108): a home visit from "waiting for review"
 * on, an in-store visit consumed. The order page offers the tip by the same rule.
 */
const isTippable = (order: { kind: OrderKind; status: OrderStatus }) =>
  isActionAllowed(order.kind, order.status, 'tip', 'customer');

const tipView = (row: TipRow): TipView => ({
  id: row.id,
  orderId: row.orderId,
  amount: row.amount,
  currency: row.currency,
  status: row.status as TipView['status'],
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
});

/**
 * Tips (issue #14 item 5, decision 045): after the service, any number of tips per order, each
 * paid by any method but cash and booked 100 % to the provider's `tips` account.
 */
export function createTips(deps: {
  clock: Clock;
  repository: PaymentsRepository;
  extras: ExtrasRepository;
  ledger: LedgerService;
  orders: PaymentsOrders;
  /** Booking's one order-access policy (decision 102). */
  orderAccess: BookingApi['orderAccess'];
  purposes: PurposePayments;
}) {
  const { extras, orders, clock } = deps;

  async function settingsFor(cityId: number, currency: string) {
    return extrasSettingsFor(currency, await deps.repository.citySettings(cityId));
  }

  const handler: PaymentPurposeHandler<{ payee: AccountRef }> = {
    purpose: 'tip',
    methods: ['wallet', 'khqr', 'promptpay', 'vietqr', 'card'],
    async subject(tipId) {
      const tip = await extras.tip(tipId);
      if (tip?.status !== 'pending') return undefined;
      const order = await orders.moneyFacts(tip.orderId);
      if (!order) return undefined;
      return {
        customerId: tip.customerId,
        amount: tip.amount,
        currency: tip.currency,
        orderId: tip.orderId,
        reference: order.orderNumber,
        cityId: order.cityId,
        details: { payee: tipsAccountOf(order, tip.currency) },
      };
    },
    async apply(tx, attempt, source, now, subject) {
      if (!(await extras.markTipPaid(tx, attempt.subjectId ?? 0, now))) return false;
      await deps.ledger.post(tx, {
        eventKey: `payment:${attempt.id}`,
        kind: 'tip',
        orderId: attempt.orderId ?? 0,
        actorUserId: attempt.customerId,
        lines: [
          { account: source, amount: -attempt.amount },
          { account: subject.details.payee, amount: attempt.amount },
        ],
      });
      return true;
    },
  };

  /**
   * Whoever may see the order reads its tips (decision 102): the customer, the provider they go to
   * (the therapist, or the store's staff for the store's), customer service; only the customer tips.
   */
  async function partyOrder(me: AuthUser, orderId: number) {
    const access = await deps.orderAccess(me, orderId);
    const order = await orders.moneyFacts(access);
    if (!order) throw new AppError('notFound');
    return { order, access };
  }

  return {
    handler,

    async ofOrder(me: AuthUser, orderId: number): Promise<OrderTipsView> {
      const { order, access } = await partyOrder(me, orderId);
      const paid = await extras.paidTipsOf(orderId);
      const settings = await settingsFor(order.cityId, order.currency);
      const isCustomer = access.actor === 'customer';
      return {
        tips: paid.map(tipView),
        paidTotal: paid.reduce((total, tip) => total + tip.amount, 0),
        currency: order.currency,
        presets: isCustomer ? settings.tipPresets : [],
        maxAmount: isCustomer ? settings.tipMaxAmount : 0,
        canTip: isCustomer && isTippable(order),
      };
    },

    async give(me: AuthUser, orderId: number, amount: number, method: PaymentMethod) {
      const { order, access } = await partyOrder(me, orderId);
      // Only the order's customer tips; its other parties hear so (decision 102).
      requireActor(access, ['customer']);
      if (!isTippable(order)) throw new AppError('tipOrderNotCompleted');
      const settings = await settingsFor(order.cityId, order.currency);
      if (amount > settings.tipMaxAmount) throw new AppError('tipAmountOutOfRange');
      if (method === 'cash') throw new AppError('paymentMethodNotForPurpose');
      const tip = await extras.insertTip({
        orderId,
        customerId: me.id,
        amount,
        currency: order.currency,
        createdAt: clock.now(),
      });
      const attempt = await deps.purposes.start(me, 'tip', tip.id, method);
      const reread = await extras.tip(tip.id);
      return { tip: tipView(reread ?? tip), attempt };
    },
  };
}

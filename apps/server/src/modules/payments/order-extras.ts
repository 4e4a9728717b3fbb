import type { OrderStatus } from '@sabai/shared/booking/order-status';
import type { OrderExtrasView } from '@sabai/shared/payments/extras.schemas';
import type { PaymentMethod } from '@sabai/shared/payments/payments.schemas';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import { type BookingApi, requireActor } from '../booking';
import type { LedgerService } from '../ledger';
import { escrowOf } from './accounts';
import type { ExtrasRepository } from './extras.repository';
import type { PaymentPurposeHandler, PurposePayments } from './payment-purposes';
import type { PaymentsOrders as Orders } from './payments.service';

type Facts = NonNullable<Awaited<ReturnType<Orders['moneyFacts']>>>;

import type { PaymentsRepository } from './payments.repository';
import type { PaymentsOrders } from './payments.service';

/** One charge on top of the first payment, with the parts completion settles. */
export interface ExtraCharge {
  payable: number;
  service: number;
  managementFee: number;
  vat: number;
}

/** Extra clocks and dearer projects, in the order they were added (a cheaper project charges nothing). */
export function extraChargesOf(adjustments: readonly unknown[]): ExtraCharge[] {
  const charges: ExtraCharge[] = [];
  for (const raw of adjustments) {
    const adjustment = raw as Record<string, unknown>;
    const n = (key: string) => (typeof adjustment[key] === 'number' ? (adjustment[key] as number) : 0);
    if (adjustment.kind === 'extraClocks' && n('payable') > 0)
      charges.push({ payable: n('payable'), service: n('service'), managementFee: 0, vat: n('vat') });
    else if (adjustment.kind === 'projectChange' && n('charge') > 0) {
      // Changes recorded before decision 045 carry no parts: the whole charge is service.
      const hasParts = typeof adjustment.service === 'number';
      charges.push({
        payable: n('charge'),
        service: hasParts ? n('service') : n('charge'),
        managementFee: n('managementFee'),
        vat: n('vat'),
      });
    }
  }
  return charges;
}

/**
 * The charges a paid total covers. Every extra payment pays everything due when it was asked
 * for, and charges are only ever appended, so what was paid is always a run of whole charges.
 */
export function coveredCharges(charges: readonly ExtraCharge[], paid: number) {
  const covered = { payable: 0, service: 0, managementFee: 0, vat: 0 };
  for (const charge of charges) {
    if (covered.payable + charge.payable > paid) break;
    covered.payable += charge.payable;
    covered.service += charge.service;
    covered.managementFee += charge.managementFee;
    covered.vat += charge.vat;
  }
  return covered;
}

/** While the provider is booked or serving: before completion settles the escrow. */
const EXTRAS_PAYABLE: readonly OrderStatus[] = [
  'waitingAcceptance',
  'reassigning',
  'accepted',
  'departed',
  'arrived',
  'inService',
  'serviceEnded',
  'pendingReview',
  'toBeUsed',
  'preparing',
];

/**
 * An order's extras (issue #14 item 3, decision 045): the difference of a dearer project and
 * extra clocks, paid as further payments into the same order's escrow.
 */
export function createOrderExtras(deps: {
  db: Db;
  repository: PaymentsRepository;
  extras: ExtrasRepository;
  ledger: LedgerService;
  orders: PaymentsOrders;
  /** Booking's one order-access policy (decision 102). */
  orderAccess: BookingApi['orderAccess'];
  purposes: PurposePayments;
}) {
  const { repository, ledger, orders } = deps;

  async function figures(orderId: number) {
    const facts = await orders.moneyFacts(orderId);
    if (!facts) return undefined;
    const charged = extraChargesOf(facts.adjustments).reduce((total, charge) => total + charge.payable, 0);
    const paid = (await repository.paidExtras(deps.db, orderId)).reduce(
      (total, row) => total + row.amount,
      0,
    );
    return { facts, charged, paid };
  }

  /** Extras go into an escrow the order's first payment opened (not cash, not unpaid). */
  async function hasEscrow(orderId: number) {
    const first = await repository.succeededAttempt(orderId);
    return first !== undefined && first.method !== 'cash';
  }

  const handler: PaymentPurposeHandler<Facts> = {
    purpose: 'orderExtra',
    methods: ['wallet', 'khqr', 'promptpay', 'vietqr', 'card'],
    async subject(orderId) {
      const now = await figures(orderId);
      if (!now || !EXTRAS_PAYABLE.includes(now.facts.status) || !(await hasEscrow(orderId))) return undefined;
      const due = now.charged - now.paid;
      if (due <= 0) return undefined;
      return {
        customerId: now.facts.customerId,
        amount: due,
        currency: now.facts.currency,
        orderId,
        reference: now.facts.orderNumber,
        cityId: now.facts.cityId,
        details: now.facts,
      };
    },
    async apply(tx, attempt, source, _now, subject) {
      const orderId = attempt.subjectId ?? 0;
      await deps.extras.lockOrderExtras(tx, orderId);
      // The wallet path has inserted this attempt as succeeded already: it is not "paid before".
      const paid = (await repository.paidExtras(tx, orderId))
        .filter((row) => row.id !== attempt.id)
        .reduce((total, row) => total + row.amount, 0);
      // Only whole charges not yet paid: a second payment of the same due goes to the wallet.
      const charges = extraChargesOf(subject.details.adjustments);
      if (coveredCharges(charges, paid + attempt.amount).payable !== paid + attempt.amount) return false;
      await ledger.post(tx, {
        eventKey: `payment:${attempt.id}`,
        kind: 'orderExtraPayment',
        orderId,
        actorUserId: attempt.customerId,
        lines: [
          { account: source, amount: -attempt.amount },
          { account: escrowOf(orderId, attempt.currency), amount: attempt.amount },
        ],
      });
      return true;
    },
  };

  /** The extras are the customer's to read and pay; other parties hear so, anyone else "not found". */
  async function customerOrder(me: AuthUser, orderId: number) {
    const access = await deps.orderAccess(me, orderId);
    requireActor(access, ['customer']);
    const now = await figures(orderId);
    if (!now) throw new AppError('notFound');
    return now;
  }

  return {
    handler,

    async view(me: AuthUser, orderId: number): Promise<OrderExtrasView> {
      const { facts, charged, paid } = await customerOrder(me, orderId);
      return { currency: facts.currency, charged, paid, due: Math.max(0, charged - paid) };
    },

    async pay(me: AuthUser, orderId: number, method: PaymentMethod) {
      const { facts, charged, paid } = await customerOrder(me, orderId);
      if (charged - paid <= 0 || !EXTRAS_PAYABLE.includes(facts.status) || !(await hasEscrow(orderId)))
        throw new AppError('nothingDueOnOrder');
      return deps.purposes.start(me, 'orderExtra', orderId, method);
    },
  };
}

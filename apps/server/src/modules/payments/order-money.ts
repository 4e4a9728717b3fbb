import type { PaymentRail } from '@sabai/shared/ledger/ledger-accounts';
import type { CityPaymentSettings } from '@sabai/shared/payments/payment-settings';
import { orderSharesOf } from '@sabai/shared/payments/provider-share';
import type { Currency } from '@sabai/shared/settings';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { OutboxEvent, OutboxHandler } from '../../outbox/outbox';
import type { LedgerService, PostingLine } from '../ledger';
import {
  clearingOf,
  couponExpense,
  escrowOf,
  mergeLines,
  platformRevenue,
  providerEarningsOf,
  providerOwesOf,
  vatPayable,
  walletOf,
} from './accounts';
import { coveredCharges, extraChargesOf } from './order-extras';
import { type ExternalRail, type PaymentProvider, RefundNotSupportedError } from './payment-provider';
import type { PaymentsRepository } from './payments.repository';
import type { PaymentsOrders } from './payments.service';
import type { Refunds } from './refunds';

/**
 * An order's money after the service (decisions 039, 042), driven by booking's committed
 * `order.statusChanged` events: on completion the escrow pays provider, platform and VAT in one
 * entry (netting what the provider owes from cash orders first; for a cash order, the cash the
 * provider kept turns the platform's part into what they owe); on "refunding" the settlement's
 * kept amounts go to provider and platform and the rest back the way it came (refunds.ts), then
 * the `refund` step. Events arrive at least once: every entry has a per-order event key and the
 * refund a per-order row, so a retry books and refunds once.
 */
export function createOrderMoney(deps: {
  db: Db;
  clock: Clock;
  repository: PaymentsRepository;
  ledger: LedgerService;
  orders: PaymentsOrders;
  refunds: Refunds;
  /** Extras paid by a rail are refunded through it (decision 045). */
  providers: Partial<Record<ExternalRail, PaymentProvider>>;
  settingsOf: (cityId: number) => Promise<CityPaymentSettings>;
}) {
  const { repository, ledger, orders } = deps;

  /**
   * Completion: escrow → provider (service − share + travel), platform (share + fee), VAT, coupon
   * expense. A cash order's escrow was filled from cash the provider keeps, so a second entry in
   * the same transaction turns the provider's part into cash in hand and the rest into what they
   * owe; any other order first pays what the provider owes from its share, in the same entry.
   */
  async function settleCompletion(orderId: number) {
    const order = await orders.moneyFacts(orderId);
    // Nothing paid (decision 035's dev confirmation, cash not yet confirmed): nothing in escrow.
    const attempt = await repository.succeededAttempt(orderId);
    if (!order || !attempt) return;
    const currency = attempt.currency as Currency;
    const q = order.quote;
    // Extra clocks and dearer projects paid into the same escrow (decision 045): the shares are
    // computed on the final figures, so the platform's share is one rounding of the whole service.
    const extrasPaid = (await repository.paidExtras(deps.db, order.id)).reduce((t, row) => t + row.amount, 0);
    const extra = coveredCharges(extraChargesOf(order.adjustments), extrasPaid);
    const service = q.service + extra.service;
    const managementFee = q.managementFee + extra.managementFee;
    const vat = q.vat + extra.vat;
    const paid = attempt.amount + extrasPaid;
    const settings = await deps.settingsOf(order.cityId);
    // The one rule the workbench also shows an order's earnings by (decision 108).
    const { platformShare, providerShare } = orderSharesOf(
      { service, travelFee: q.travelFee },
      settings.platformShareBasisPoints,
    );
    const earnings = providerEarningsOf(order, currency);
    const owes = providerOwesOf(order, currency);
    const isCash = attempt.method === 'cash';
    const lines: PostingLine[] = [
      { account: escrowOf(order.id, currency), amount: -paid },
      { account: earnings, amount: providerShare },
      { account: platformRevenue(currency), amount: platformShare + managementFee },
      { account: vatPayable(currency), amount: vat },
    ];
    // What a coupon took off the payable (the quote's coupon line) is the platform's expense, never
    // the provider's: their share above is on the undiscounted service price (decisions 039, 043).
    const coupon = service + q.travelFee + managementFee + vat - paid;
    if (coupon !== 0) lines.push({ account: couponExpense(currency), amount: -coupon });
    await deps.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      if (!isCash && providerShare > 0) {
        // Locked: two completions at once cannot both net the same debt.
        const owed = -(await ledger.lockedBalance(tx, owes));
        const netted = Math.min(Math.max(owed, 0), providerShare);
        if (netted > 0) lines.push({ account: earnings, amount: -netted }, { account: owes, amount: netted });
      }
      const posted = await ledger.post(tx, {
        eventKey: `order:${order.id}:completion`,
        kind: 'orderCompletion',
        orderId: order.id,
        lines: mergeLines(lines),
      });
      if (posted.isReplay || !isCash) return;
      // The provider holds the cash: their share is already in hand, the rest they owe.
      await ledger.post(tx, {
        eventKey: `order:${order.id}:cashKept`,
        kind: 'cashKeptByProvider',
        orderId: order.id,
        lines: mergeLines([
          { account: clearingOf('cash', currency), amount: attempt.amount },
          { account: earnings, amount: -providerShare },
          { account: owes, amount: providerShare - attempt.amount },
        ]),
      });
    });
  }

  /** Cancellation: what the settlement keeps goes to provider and platform, the rest back (refunds.ts). */
  async function settleCancellation(orderId: number) {
    const order = await orders.moneyFacts(orderId);
    if (order?.status !== 'refunding') return;
    const attempt = await repository.succeededAttempt(orderId);
    // Nothing was paid (decision 035's dev confirmation, cash never collected): nothing to give
    // back, so the order is refunded at once instead of "refunding" for ever.
    if (!attempt) {
      await orders.systemStep(orderId, 'refund');
      return;
    }
    const currency = attempt.currency;
    // A coupon paid it whole (decision 051): nothing came in, so nothing is kept or refunded (the
    // coupon itself goes back by the coupons module); extras paid later still go back whole.
    if (attempt.amount === 0) {
      await returnExtras(order.id, currency);
      await orders.systemStep(orderId, 'refund');
      return;
    }
    const kept = (order.settlement?.kept ?? []).map((line) => ({
      account:
        line.keptBy === 'provider'
          ? providerEarningsOf(order, currency)
          : line.reason === 'vat'
            ? vatPayable(currency)
            : platformRevenue(currency),
      amount: line.amount,
    }));
    // Extras first: each goes back whole, the way it came (decision 045); then the first payment
    // by the settlement's rules, over days where its route takes days (decision 042).
    await returnExtras(order.id, currency);
    await deps.refunds.refundOrder({ orderId: order.id, attempt, kept });
  }

  /**
   * Extra clocks and dearer projects paid into the escrow go back whole on cancellation, each the
   * way it came, in one entry (its event key makes a retry book once; the provider's refund is
   * idempotent by key). A rail that cannot refund credits the customer's wallet instead: the
   * amount is theirs either way, and the wallet needs no bank details.
   */
  async function returnExtras(orderId: number, currency: string) {
    const extras = await repository.paidExtras(deps.db, orderId);
    if (extras.length === 0) return;
    const lines: PostingLine[] = [];
    for (const extra of extras) {
      const extraRail = extra.method as PaymentRail;
      let back =
        extraRail === 'wallet' ? walletOf(extra.customerId, currency) : clearingOf(extraRail, currency);
      if (extraRail !== 'wallet') {
        const provider = deps.providers[extraRail as ExternalRail];
        if (!provider) throw new Error(`no provider to refund ${extraRail}`);
        try {
          await provider.refund({
            reference: extra.providerReference,
            amount: extra.amount,
            currency,
            refundKey: `order:${orderId}:extra:${extra.id}:refund`,
          });
        } catch (error) {
          if (!(error instanceof RefundNotSupportedError)) throw error;
          back = walletOf(extra.customerId, currency);
        }
      }
      lines.push(
        { account: escrowOf(orderId, currency), amount: -extra.amount },
        { account: back, amount: extra.amount },
      );
    }
    await deps.db.transaction((raw) =>
      ledger.post(raw as unknown as Db, {
        eventKey: `order:${orderId}:extrasReturn`,
        kind: 'orderExtrasReturn',
        orderId,
        lines: mergeLines(lines),
      }),
    );
  }

  const subscription: OutboxHandler = {
    name: 'payments.orderMoney',
    async handle(event: OutboxEvent) {
      if (event.aggregateType !== 'order' || event.eventType !== 'order.statusChanged') return;
      const payload = event.payload as { orderId?: number; to?: string } | null;
      if (!payload?.orderId) return;
      if (payload.to === 'completed') await settleCompletion(payload.orderId);
      else if (payload.to === 'refunding') await settleCancellation(payload.orderId);
    },
  };

  return { subscription, settleCompletion, settleCancellation };
}

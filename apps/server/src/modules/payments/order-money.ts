import type { PaymentRail } from '@sabai/shared/ledger/ledger-accounts';
import { basisPointsOf, money } from '@sabai/shared/money';
import type { CityPaymentSettings } from '@sabai/shared/payments/payment-settings';
import type { Currency } from '@sabai/shared/settings';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { OutboxEvent, OutboxHandler } from '../../outbox/outbox';
import type { LedgerService, PostingLine } from '../ledger';
import {
  clearingOf,
  couponExpense,
  escrowOf,
  platformRevenue,
  providerEarningsOf,
  vatPayable,
  walletOf,
} from './accounts';
import type { ExternalRail, PaymentProvider } from './payment-provider';
import type { PaymentsRepository } from './payments.repository';
import type { PaymentsOrders } from './payments.service';

/**
 * An order's money after the service (decision 039), driven by booking's committed
 * `order.statusChanged` events: on completion the escrow pays provider, platform and VAT in one
 * entry; on "refunding" the settlement's kept amounts go to provider and platform and the rest
 * back the way it came, then the `refund` step. Events arrive at least once: every entry has a
 * per-order event key and the refund a per-order row, so a retry books and refunds once.
 */
export function createOrderMoney(deps: {
  db: Db;
  clock: Clock;
  repository: PaymentsRepository;
  ledger: LedgerService;
  orders: PaymentsOrders;
  providers: Partial<Record<ExternalRail, PaymentProvider>>;
  settingsOf: (cityId: number) => Promise<CityPaymentSettings>;
}) {
  const { repository, ledger, orders } = deps;

  async function paidAttempt(orderId: number) {
    const attempt = await repository.succeededAttempt(orderId);
    // Cash (collected by the provider) and orders confirmed without money (decision 035's dev
    // confirmation) have nothing in escrow to settle.
    return attempt && attempt.method !== 'cash' ? attempt : undefined;
  }

  async function settleCompletion(orderId: number) {
    const order = await orders.moneyFacts(orderId);
    const attempt = await paidAttempt(orderId);
    if (!order || !attempt) return;
    const currency = attempt.currency as Currency;
    const q = order.quote;
    const settings = await deps.settingsOf(order.cityId);
    const platformShare = basisPointsOf(money(q.service, currency), settings.platformShareBasisPoints).amount;
    const lines: PostingLine[] = [
      { account: escrowOf(order.id, currency), amount: -attempt.amount },
      { account: providerEarningsOf(order, currency), amount: q.service - platformShare + q.travelFee },
      { account: platformRevenue(currency), amount: platformShare + q.managementFee },
      { account: vatPayable(currency), amount: q.vat },
    ];
    // What a coupon took off the payable is the platform's expense, never the provider's.
    const coupon = q.service + q.travelFee + q.managementFee + q.vat - attempt.amount;
    if (coupon !== 0) lines.push({ account: couponExpense(currency), amount: -coupon });
    await deps.db.transaction((tx) =>
      ledger.post(tx as unknown as Db, {
        eventKey: `order:${order.id}:completion`,
        kind: 'orderCompletion',
        orderId: order.id,
        lines: lines.filter((line) => line.amount !== 0),
      }),
    );
  }

  async function settleCancellation(orderId: number) {
    const order = await orders.moneyFacts(orderId);
    if (order?.status !== 'refunding') return;
    const attempt = await paidAttempt(orderId);
    // Nothing was paid through a rail (decision 035's dev confirmation, cash): no money to
    // settle here, and the order keeps "refunding" as it did before payments existed.
    if (!attempt || !order.settlement) return;
    const currency = attempt.currency;
    const settlement = order.settlement;
    // The settlement was computed on the order's payable; the escrow holds what was paid.
    const kept = settlement.kept.map((line) => ({
      account:
        line.keptBy === 'provider'
          ? providerEarningsOf(order, currency)
          : line.reason === 'vat'
            ? vatPayable(currency)
            : platformRevenue(currency),
      amount: line.amount,
    }));
    const keptTotal = kept.reduce((total, line) => total + line.amount, 0);
    const refund = attempt.amount - keptTotal;
    const rail = attempt.method as PaymentRail;
    const refundKey = `order:${order.id}:refund`;
    let providerReference = '';
    if (refund > 0 && rail !== 'wallet') {
      const provider = deps.providers[rail as ExternalRail];
      if (!provider) throw new Error(`no provider to refund ${rail}`);
      // Idempotent at the provider by key: a retried job asks again and refunds once.
      providerReference = (
        await provider.refund({ reference: attempt.providerReference, amount: refund, currency, refundKey })
      ).reference;
    }
    await deps.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      await repository.insertRefund(tx, {
        orderId: order.id,
        attemptId: attempt.id,
        amount: refund,
        currency,
        status: 'refunded',
        providerReference,
        createdAt: deps.clock.now(),
      });
      const lines: PostingLine[] = [
        { account: escrowOf(order.id, currency), amount: -attempt.amount },
        ...kept,
      ];
      if (refund > 0)
        lines.push({
          account: rail === 'wallet' ? walletOf(attempt.customerId, currency) : clearingOf(rail, currency),
          amount: refund,
        });
      await ledger.post(tx, {
        eventKey: refundKey,
        kind: 'orderCancellationSettlement',
        orderId: order.id,
        lines: mergeLines(lines),
      });
    });
    await orders.systemStep(orderId, 'refund');
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

/** One posting per account (a provider keeping travel and a turn-away share gets one line). */
function mergeLines(lines: PostingLine[]): PostingLine[] {
  const merged = new Map<string, PostingLine>();
  for (const line of lines) {
    const key = JSON.stringify(line.account);
    const existing = merged.get(key);
    merged.set(key, existing ? { account: line.account, amount: existing.amount + line.amount } : line);
  }
  return [...merged.values()].filter((line) => line.amount !== 0);
}

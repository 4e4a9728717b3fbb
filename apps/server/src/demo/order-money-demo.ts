import { basisPointsOf, money } from '@sabai/shared/money';
import { cityPaymentSettingsSchema } from '@sabai/shared/payments/payment-settings';
import type { Currency } from '@sabai/shared/settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentAttempts, paymentCitySettings, paymentRefunds } from '../db/schema';
import { createLedgerModule, type PostingLine } from '../modules/ledger';
import { clearingOf, escrowOf, platformRevenue, providerEarningsOf, vatPayable } from '../modules/payments';

const DAY = 24 * 60 * 60_000;
/** The rail demo orders were paid by: Cambodia's QR, as most real payments there. */
const DEMO_RAIL = 'khqr';

/** What a demo order's money needs to know, as the order was written. */
export interface DemoOrderMoney {
  orderId: number;
  orderNumber: string;
  customerId: number;
  therapistId: number | null;
  storeId: number | null;
  cityId: number;
  currency: Currency;
  quote: { service: number; travelFee: number; managementFee: number; vat: number; payable: number };
  settlement: {
    kept: { reason: string; keptBy: 'platform' | 'provider'; amount: number }[];
    refund: number;
  } | null;
  /** When each step of the timeline happened (the first of each kind). */
  stepAt: Partial<Record<'pay' | 'cancel' | 'refund' | 'review', Date>>;
  status: string;
}

/** The ledger as of a step's time, so each entry carries the moment it happened. */
const ledgerAt = (db: Db, at: Date) => createLedgerModule({ db, clock: { now: () => at } }).api.ledger;

/**
 * The money a demo order in a paid-or-later status carries, as the payments module leaves it
 * (decisions 039, 042, 107): a succeeded KHQR attempt and its entry (the rail's clearing account
 * into the order's escrow); a completed order's completion entry (escrow to the provider, the
 * platform and VAT); a cancelled paid order's refund row, the settlement's kept part and, once
 * refunded, the refund back through the rail. Every entry goes through the ledger's API, so the
 * ledger stays balanced; event keys are the payments module's own, so nothing can be booked twice.
 */
export async function recordDemoOrderMoney(tx: Db, order: DemoOrderMoney): Promise<void> {
  const paidAt = order.stepAt.pay;
  if (!paidAt) return;
  const { currency, quote } = order;
  const escrow = escrowOf(order.orderId, currency);
  const [attempt] = await tx
    .insert(paymentAttempts)
    .values({
      orderId: order.orderId,
      subjectId: order.orderId,
      purpose: 'order',
      customerId: order.customerId,
      method: DEMO_RAIL,
      amount: quote.payable,
      currency,
      status: 'succeeded',
      providerReference: `demo:${order.orderNumber}`,
      billNumber: order.orderNumber.slice(-12),
      createdAt: new Date(paidAt.getTime() - 60_000),
      settledAt: paidAt,
    })
    .returning({ id: paymentAttempts.id });
  if (!attempt) throw new Error(`demo order ${order.orderId}: no payment attempt`);
  await ledgerAt(tx, paidAt).post(tx, {
    eventKey: `payment:${attempt.id}`,
    kind: 'orderPayment',
    orderId: order.orderId,
    lines: [
      { account: clearingOf(DEMO_RAIL, currency), amount: -quote.payable },
      { account: escrow, amount: quote.payable },
    ],
  });

  const provider = providerEarningsOf(order, currency);
  if (order.status === 'completed') {
    const settings = await citySettingsOf(tx, order.cityId);
    const platformShare = basisPointsOf(
      money(quote.service, currency),
      settings.platformShareBasisPoints,
    ).amount;
    await ledgerAt(tx, order.stepAt.review ?? paidAt).post(tx, {
      eventKey: `order:${order.orderId}:completion`,
      kind: 'orderCompletion',
      orderId: order.orderId,
      lines: nonZero([
        { account: escrow, amount: -quote.payable },
        { account: provider, amount: quote.service - platformShare + quote.travelFee },
        { account: platformRevenue(currency), amount: platformShare + quote.managementFee },
        { account: vatPayable(currency), amount: quote.vat },
      ]),
    });
  }

  const cancelledAt = order.stepAt.cancel;
  if (!cancelledAt || !order.settlement) return;
  const { kept, refund } = order.settlement;
  const keptTotal = kept.reduce((total, line) => total + line.amount, 0);
  const keptLines: PostingLine[] = kept.map((line) => ({
    account:
      line.keptBy === 'provider'
        ? provider
        : line.reason === 'vat'
          ? vatPayable(currency)
          : platformRevenue(currency),
    amount: line.amount,
  }));
  if (keptTotal > 0)
    await ledgerAt(tx, cancelledAt).post(tx, {
      eventKey: `order:${order.orderId}:settlement`,
      kind: 'orderCancellationSettlement',
      orderId: order.orderId,
      lines: mergeByAccount([{ account: escrow, amount: -keptTotal }, ...keptLines]),
    });
  const refundedAt = order.stepAt.refund;
  await tx.insert(paymentRefunds).values({
    orderId: order.orderId,
    attemptId: attempt.id,
    amount: refund,
    currency,
    route: 'original',
    providerReference: `demo-refund:${order.orderNumber}`,
    createdAt: cancelledAt,
    ...(refundedAt
      ? { status: 'refunded', completedAt: refundedAt }
      : { status: 'processing', dueAt: new Date(cancelledAt.getTime() + 5 * DAY) }),
  });
  if (refundedAt && refund > 0)
    await ledgerAt(tx, refundedAt).post(tx, {
      eventKey: `order:${order.orderId}:refund`,
      kind: 'orderRefund',
      orderId: order.orderId,
      lines: [
        { account: escrow, amount: -refund },
        { account: clearingOf(DEMO_RAIL, currency), amount: refund },
      ],
    });
}

async function citySettingsOf(tx: Db, cityId: number) {
  const [row] = await tx
    .select({ settings: paymentCitySettings.settings })
    .from(paymentCitySettings)
    .where(eq(paymentCitySettings.cityId, cityId));
  return cityPaymentSettingsSchema.parse(row?.settings ?? {});
}

const nonZero = (lines: PostingLine[]) => lines.filter((line) => line.amount !== 0);

/** One line per account (a provider keeping travel and a share gets one), as the ledger wants. */
function mergeByAccount(lines: PostingLine[]): PostingLine[] {
  const merged = new Map<string, PostingLine>();
  for (const line of lines) {
    const key = JSON.stringify(line.account);
    const existing = merged.get(key);
    merged.set(key, existing ? { account: line.account, amount: existing.amount + line.amount } : line);
  }
  return nonZero([...merged.values()]);
}

import type { PaymentRail } from '@sabai/shared/ledger/ledger-accounts';
import type { CityPaymentSettings } from '@sabai/shared/payments/payment-settings';
import type { RefundBankDetails, RefundView } from '@sabai/shared/payments/refunds.schemas';
import { REFUND_ROUTES, REFUND_STATUSES } from '@sabai/shared/payments/refunds.schemas';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { defineJobType, handleJob, type JobQueue } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { BookingApi } from '../booking';
import type { LedgerService, PostingLine } from '../ledger';
import { clearingOf, escrowOf, mergeLines, walletOf } from './accounts';
import { type ExternalRail, type PaymentProvider, RefundNotSupportedError } from './payment-provider';
import {
  orderIdOf,
  type PaymentAttemptRow,
  type PaymentRefundRow,
  type PaymentsRepository,
} from './payments.repository';
import type { PaymentsOrders } from './payments.service';
import { addWorkingDays } from './working-days';

/** Asks the provider whether an order's refund has arrived; `check` counts the polls (one job each). */
export const checkRefundJob = defineJobType(
  'payments.checkRefund',
  z.object({ orderId: z.number().int().positive(), check: z.number().int().positive() }),
);

/**
 * Refunds to the original route over days, and by hand to a bank card where the route cannot
 * refund (issue #14 item 3, decision 042).
 *
 * - Wallet: back at once, in the settlement's entry (`order:<id>:refund`).
 * - QR and card: the provider's refund is asked (idempotent by `order:<id>:refund`), the kept
 *   part is booked (`order:<id>:settlement`) and the refund row is `processing` with its due
 *   date; a job polls `refundStatus` every `refundCheckEveryMinutes` and, once the provider says
 *   done, books escrow → clearing (`order:<id>:refund`) with the row, then the `refund` step.
 * - Cash, or a provider that says "not refundable" (or fails the refund): `needsBankDetails`;
 *   the customer gives a bank card (`awaitingPayout`), customer service transfers the money and
 *   records it (`refunded`), booking the same `order:<id>:refund` entry, audited as a staff action.
 *
 * Each step is keyed (the entry's event key, the row's status moved from the status it was read
 * in), so a retried event or job, or a crash between the provider's call and our write, refunds once.
 */
export function createRefunds(deps: {
  db: Db;
  clock: Clock;
  repository: PaymentsRepository;
  ledger: LedgerService;
  orders: PaymentsOrders;
  /** Booking's one order-access policy (decision 102). */
  orderAccess: BookingApi['orderAccess'];
  jobs: () => JobQueue;
  providers: Partial<Record<ExternalRail, PaymentProvider>>;
  settingsOf: (cityId: number) => Promise<CityPaymentSettings>;
  recordStaffMoneyAction: BookingApi['recordStaffMoneyAction'];
}) {
  const { repository, ledger, orders, clock } = deps;
  const refundKeyOf = (orderId: number) => `order:${orderId}:refund`;

  /** The last step of every refund: escrow → the route it leaves by, with the row, then the order. */
  const finalLines = (attempt: PaymentAttemptRow, amount: number): PostingLine[] => [
    { account: escrowOf(orderIdOf(attempt), attempt.currency), amount: -amount },
    { account: clearingOf(attempt.method as PaymentRail, attempt.currency), amount },
  ];

  /** `everyMinutes` is read before any transaction: on PGlite a read outside it would wait on it. */
  async function scheduleCheck(executor: Db, orderId: number, everyMinutes: number, check: number) {
    await deps
      .jobs()
      .enqueue(
        executor,
        checkRefundJob,
        { orderId, check },
        { delayMs: everyMinutes * 60_000, uniqueKey: `${orderId}:${check}` },
      );
  }

  /** Starts (or, run again, finds) the refund of a cancelled order that was paid. */
  async function refundOrder(input: {
    orderId: number;
    attempt: PaymentAttemptRow;
    kept: PostingLine[];
  }): Promise<void> {
    const { orderId, attempt } = input;
    const existing = await repository.findRefund(orderId);
    if (existing) {
      // Started before (an event delivered again): only the order's step may be missing.
      if (existing.status === 'refunded') await orders.systemStep(orderId, 'refund');
      return;
    }
    const order = await orders.moneyFacts(orderId);
    if (!order) return;
    const keptTotal = input.kept.reduce((total, line) => total + line.amount, 0);
    const refund = attempt.amount - keptTotal;
    if (refund < 0) throw new Error(`order ${orderId} keeps more than was paid`);
    const rail = attempt.method as PaymentRail;
    const now = clock.now();
    const keptEntry =
      keptTotal > 0
        ? [{ account: escrowOf(orderId, attempt.currency), amount: -keptTotal }, ...input.kept]
        : [];

    // Wallet, or nothing to give back: all of it now, in one entry.
    if (rail === 'wallet' || refund === 0) {
      await deps.db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        if (!(await insertRow(tx, { status: 'refunded', completedAt: now }))) return;
        const lines = [...keptEntry];
        if (refund > 0)
          lines.push(
            { account: escrowOf(orderId, attempt.currency), amount: -refund },
            { account: walletOf(attempt.customerId, attempt.currency), amount: refund },
          );
        await ledger.post(tx, {
          eventKey: refundKeyOf(orderId),
          kind: 'orderCancellationSettlement',
          orderId,
          lines: mergeLines(lines),
        });
      });
      await orders.systemStep(orderId, 'refund');
      return;
    }

    // The original route, if it can: the provider's call first (idempotent by key), outside any transaction.
    let providerReference = '';
    let canRefund = rail !== 'cash';
    if (canRefund) {
      const provider = deps.providers[rail as ExternalRail];
      if (!provider) throw new Error(`no provider to refund ${rail}`);
      try {
        providerReference = (
          await provider.refund({
            reference: attempt.providerReference,
            amount: refund,
            currency: attempt.currency,
            refundKey: refundKeyOf(orderId),
          })
        ).reference;
      } catch (error) {
        if (!(error instanceof RefundNotSupportedError)) throw error;
        canRefund = false;
      }
    }
    const settings = await deps.settingsOf(order.cityId);
    await deps.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const inserted = await insertRow(
        tx,
        canRefund
          ? {
              status: 'processing',
              route: 'original',
              providerReference,
              dueAt: addWorkingDays(now, settings.refundMaxWorkingDays),
            }
          : { status: 'needsBankDetails', route: 'bankTransfer' },
      );
      if (!inserted) return;
      if (keptEntry.length > 0)
        await ledger.post(tx, {
          eventKey: `order:${orderId}:settlement`,
          kind: 'orderCancellationSettlement',
          orderId,
          lines: mergeLines(keptEntry),
        });
      if (canRefund) await scheduleCheck(tx, orderId, settings.refundCheckEveryMinutes, 1);
    });

    async function insertRow(
      tx: Db,
      fields: Partial<PaymentRefundRow> & { status: PaymentRefundRow['status'] },
    ) {
      return repository.insertRefund(tx, {
        orderId,
        attemptId: attempt.id,
        amount: refund,
        currency: attempt.currency,
        createdAt: now,
        ...fields,
      });
    }
  }

  /** Books a refund's last entry and completes it; false when it was completed before. */
  async function completeWithin(
    tx: Db,
    row: PaymentRefundRow,
    attempt: PaymentAttemptRow,
    changes: Partial<PaymentRefundRow>,
    actorUserId?: number,
  ): Promise<boolean> {
    const moved = await repository.updateRefundFrom(tx, row.orderId, row.status, {
      ...changes,
      status: 'refunded',
      completedAt: clock.now(),
    });
    if (!moved) return false;
    if (row.amount > 0)
      await ledger.post(tx, {
        eventKey: refundKeyOf(row.orderId),
        kind: row.route === 'original' ? 'orderRefund' : 'refundPayout',
        orderId: row.orderId,
        ...(actorUserId ? { actorUserId } : {}),
        lines: finalLines(attempt, row.amount),
      });
    return true;
  }

  /** The job: has the provider finished the refund? Done → book and step; pending → ask again later. */
  async function checkRefund(orderId: number, check: number): Promise<void> {
    const row = await repository.findRefund(orderId);
    if (!row) return;
    if (row.status === 'refunded') {
      await orders.systemStep(orderId, 'refund');
      return;
    }
    if (row.status !== 'processing') return;
    const attempt = await repository.attempt(row.attemptId);
    const provider = attempt ? deps.providers[attempt.method as ExternalRail] : undefined;
    if (!attempt || !provider) throw new Error(`refund of order ${orderId} has no provider`);
    const status = await provider.refundStatus(row.providerReference);
    if (status === 'succeeded') {
      await deps.db.transaction((tx) => completeWithin(tx as unknown as Db, row, attempt, {}));
      await orders.systemStep(orderId, 'refund');
      return;
    }
    if (status === 'failed') {
      // The route gave up: the customer is asked for a bank card, as for cash.
      await deps.db.transaction((tx) =>
        repository.updateRefundFrom(tx as unknown as Db, orderId, 'processing', {
          status: 'needsBankDetails',
          route: 'bankTransfer',
        }),
      );
      return;
    }
    const order = await orders.moneyFacts(orderId);
    if (!order) return;
    const settings = await deps.settingsOf(order.cityId);
    await scheduleCheck(deps.db, orderId, settings.refundCheckEveryMinutes, check + 1);
  }

  function viewOf(row: PaymentRefundRow, method: string, bank: RefundBankDetails | null): RefundView {
    return {
      orderId: row.orderId,
      status: z.enum(REFUND_STATUSES).parse(row.status),
      route: z.enum(REFUND_ROUTES).parse(row.route),
      method,
      amount: row.amount,
      currency: row.currency,
      expectedBy: row.route === 'original' ? (row.dueAt?.toISOString() ?? null) : null,
      completedAt: row.completedAt?.toISOString() ?? null,
      bankDetails: bank,
    };
  }

  async function readableRefund(me: AuthUser, orderId: number) {
    // The order's customer and staff only; its other parties hear so, anyone else "not found".
    const { actor } = await deps.orderAccess(me, orderId);
    if (actor !== 'customer' && actor !== 'staff') throw new AppError('orderActorNotAllowed');
    const row = await repository.findRefund(orderId);
    return { party: actor, row };
  }

  async function view(row: PaymentRefundRow): Promise<RefundView> {
    const [attempt, bank] = await Promise.all([
      repository.attempt(row.attemptId),
      repository.bankDetails(row.orderId),
    ]);
    return viewOf(
      row,
      attempt?.method ?? '',
      bank
        ? { holderName: bank.holderName, bankName: bank.bankName, accountNumber: bank.accountNumber }
        : null,
    );
  }

  return {
    refundOrder,
    jobHandlers: [handleJob(checkRefundJob, ({ orderId, check }) => checkRefund(orderId, check))],

    /** The refund of an order, for its customer and staff; null while there is none. */
    async get(me: AuthUser, orderId: number): Promise<RefundView | null> {
      const { row } = await readableRefund(me, orderId);
      return row ? view(row) : null;
    },

    /** The customer's bank card for a refund their route cannot make; may be corrected until paid. */
    async submitBankDetails(me: AuthUser, orderId: number, details: RefundBankDetails): Promise<RefundView> {
      const { party, row } = await readableRefund(me, orderId);
      if (party !== 'customer') throw new AppError('orderActorNotAllowed');
      if (!row || (row.status !== 'needsBankDetails' && row.status !== 'awaitingPayout'))
        throw new AppError('refundBankDetailsNotNeeded');
      await deps.db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        await repository.saveBankDetails(tx, {
          orderId,
          customerId: me.id,
          ...details,
          submittedAt: clock.now(),
        });
        if (row.status === 'needsBankDetails')
          await repository.updateRefundFrom(tx, orderId, 'needsBankDetails', { status: 'awaitingPayout' });
      });
      const updated = await repository.findRefund(orderId);
      if (!updated) throw new AppError('notFound');
      return view(updated);
    },

    /**
     * Customer service paid the refund to the customer's bank card by hand: exactly what is still
     * to refund, never more than was paid; books the last entry, completes the refund and the
     * order, and audits it, all in one transaction (the order's `refund` step).
     */
    async recordPayout(
      staff: AuthUser,
      orderId: number,
      payout: { amount: number; transferReference: string; reason: string },
    ): Promise<RefundView> {
      const row = await repository.findRefund(orderId);
      if (!row) throw new AppError('notFound');
      const attempt = await repository.attempt(row.attemptId);
      if (!attempt) throw new AppError('notFound');
      if (payout.amount > attempt.amount) throw new AppError('refundPayoutExceedsPaid');
      if (row.status !== 'awaitingPayout') throw new AppError('refundNotAwaitingPayout');
      if (payout.amount !== row.amount) throw new AppError('refundPayoutAmountMismatch');
      const changes = {
        paidOutByUserId: staff.id,
        payoutReference: payout.transferReference,
        payoutReason: payout.reason,
      };
      const stepped = await orders.systemStepWithin(orderId, 'refund', async (tx) => {
        if (!(await completeWithin(tx, row, attempt, changes, staff.id)))
          throw new AppError('refundNotAwaitingPayout');
        await deps.recordStaffMoneyAction(tx, {
          orderId,
          staffId: staff.id,
          action: 'refundPayout',
          reason: `${payout.reason} (${payout.transferReference})`,
          before: 'refunding',
        });
      });
      if (!stepped) {
        // The order is not "refunding" (never expected once a refund row waits): complete the refund alone.
        const done = await deps.db.transaction((tx) =>
          completeWithin(tx as unknown as Db, row, attempt, changes, staff.id),
        );
        if (!done) throw new AppError('refundNotAwaitingPayout');
      }
      const updated = await repository.findRefund(orderId);
      if (!updated) throw new AppError('notFound');
      return view(updated);
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;

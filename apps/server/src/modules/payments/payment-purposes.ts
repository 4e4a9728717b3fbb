import { randomUUID } from 'node:crypto';
import type { AccountRef } from '@sabai/shared/ledger/ledger-accounts';
import type { PaymentPurpose, PurposeAttemptView } from '@sabai/shared/payments/extras.schemas';
import type { PaymentMethod } from '@sabai/shared/payments/payments.schemas';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { LedgerService } from '../ledger';
import { clearingOf, walletOf } from './accounts';
import { type ExternalRail, newMerchantReference, type PaymentProvider } from './payment-provider';
import type { PaymentAttemptRow, PaymentsRepository } from './payments.repository';
import { RAIL_CURRENCIES } from './payments.service';

/** What is to be paid for one subject now: read from the subject, never from the request. */
export interface PurposeSubject {
  customerId: number;
  amount: number;
  currency: string;
  /** The order concerned, if any (ledger entries and attempts carry it). */
  orderId: number | null;
  /** Shown by the provider next to the payment (an order number, "TOPUP-12"). */
  reference: string;
  /** The city whose payment settings apply (attempt expiry); null: the defaults. */
  cityId: number | null;
}

/** A subject with what its handler read for booking it (read before the applying transaction). */
export type SubjectWith<Details> = PurposeSubject & { details: Details };

/**
 * One purpose of payment (decision 045). Adding a purpose (VIP) is one more handler: the rails,
 * the webhook path, the wallet path and the single-application rules are the registry's.
 */
export interface PaymentPurposeHandler<Details = unknown> {
  readonly purpose: Exclude<PaymentPurpose, 'order'> | (string & {});
  /** The methods this purpose may be paid with (cash only ever pays an order). */
  readonly methods: readonly PaymentMethod[];
  /** What the subject asks now; undefined when nothing is to be paid (already paid, gone). */
  subject(subjectId: number): Promise<SubjectWith<Details> | undefined>;
  /**
   * Books the money from `source` (the customer's wallet or the rail's clearing account) to where
   * it belongs, in the applying transaction, after the attempt row is locked. Returns false,
   * booking nothing, when the subject no longer takes it: the money then goes to the wallet.
   * Reads only through `tx` (on PGlite a read outside it waits for the transaction forever);
   * anything else it needs comes in `subject.details`, read just before the transaction.
   */
  apply(
    tx: Db,
    attempt: PaymentAttemptRow,
    source: AccountRef,
    now: Date,
    subject: SubjectWith<Details>,
  ): Promise<boolean>;
}

/** Rolls back the applying transaction: the event or the attempt was applied before. */
class AlreadyApplied extends Error {}

export function purposeAttemptView(row: PaymentAttemptRow, now: Date): PurposeAttemptView {
  const isExpired = row.status === 'pending' && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    purpose: row.purpose as PaymentPurpose,
    subjectId: row.subjectId ?? 0,
    orderId: row.orderId,
    method: row.method as PaymentMethod,
    amount: row.amount,
    currency: row.currency,
    status: isExpired ? 'expired' : (row.status as PurposeAttemptView['status']),
    payload: row.payload,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Paying anything that is not an order's first payment (decision 045), through the same rails,
 * provider interface and webhook path as decision 039's order payments.
 */
export function createPurposePayments(deps: {
  db: Db;
  clock: Clock;
  repository: PaymentsRepository;
  ledger: LedgerService;
  providers: Partial<Record<ExternalRail, PaymentProvider>>;
  attemptExpiryMinutes: (cityId: number | null) => Promise<number>;
}) {
  const { repository, ledger, clock } = deps;
  // biome-ignore lint/suspicious/noExplicitAny: each handler's details are its own
  const handlers = new Map<string, PaymentPurposeHandler<any>>();

  // biome-ignore lint/suspicious/noExplicitAny: each handler's details are its own
  function handlerOf(purpose: string): PaymentPurposeHandler<any> {
    const handler = handlers.get(purpose);
    if (!handler) throw new Error(`no payment purpose handler for ${purpose}`);
    return handler;
  }

  /** Credits money nobody takes any more to the customer's wallet (attempt `expired`). */
  async function creditWallet(tx: Db, attempt: PaymentAttemptRow, source: AccountRef) {
    await ledger.post(tx, {
      eventKey: `payment:${attempt.id}`,
      kind: 'latePaymentToWallet',
      ...(attempt.orderId === null ? {} : { orderId: attempt.orderId }),
      actorUserId: attempt.customerId,
      lines: [
        { account: source, amount: -attempt.amount },
        { account: walletOf(attempt.customerId, attempt.currency), amount: attempt.amount },
      ],
    });
  }

  return {
    register<Details>(handler: PaymentPurposeHandler<Details>) {
      handlers.set(handler.purpose, handler);
    },

    /**
     * Starts paying a subject the caller owns: the wallet pays at once (in one transaction with
     * the handler's booking); a rail gets a pending attempt with the provider's QR or checkout.
     */
    async start(me: AuthUser, purpose: string, subjectId: number, method: PaymentMethod) {
      const handler = handlerOf(purpose);
      const subject = await handler.subject(subjectId);
      if (!subject || subject.customerId !== me.id) throw new AppError('notFound');
      if (!handler.methods.includes(method)) throw new AppError('paymentMethodNotForPurpose');
      const now = clock.now();
      const base = {
        purpose,
        subjectId,
        orderId: subject.orderId,
        customerId: subject.customerId,
        amount: subject.amount,
        currency: subject.currency,
        createdAt: now,
      };
      if (method === 'wallet') {
        const attempt = await deps.db.transaction(async (raw) => {
          const tx = raw as unknown as Db;
          const inserted = await repository.insertAttempt(tx, {
            ...base,
            method: 'wallet',
            status: 'succeeded',
            providerReference: `wallet:${randomUUID()}`,
            settledAt: now,
          });
          // A wallet short of the amount fails inside (4001) and everything rolls back.
          if (
            !(await handler.apply(tx, inserted, walletOf(subject.customerId, subject.currency), now, subject))
          )
            throw new AppError('nothingDueOnOrder');
          return inserted;
        });
        return purposeAttemptView(attempt, now);
      }
      const rail = method as ExternalRail;
      const provider = deps.providers[rail];
      const currencies = RAIL_CURRENCIES[rail];
      if (!provider || !currencies || (currencies !== 'any' && !currencies.includes(subject.currency)))
        throw new AppError('paymentMethodUnavailable');
      // The same method's live QR for the same subject and amount is shown again.
      const latest = await repository.latestPurposeAttempt(purpose, subjectId);
      if (
        latest &&
        latest.method === method &&
        latest.amount === subject.amount &&
        purposeAttemptView(latest, now).status === 'pending'
      )
        return purposeAttemptView(latest, now);
      const expiresAt = new Date(now.getTime() + (await deps.attemptExpiryMinutes(subject.cityId)) * 60_000);
      const created = await provider.createPayment({
        merchantReference: newMerchantReference(),
        orderNumber: subject.reference,
        amount: subject.amount,
        currency: subject.currency,
        createdAt: now,
        expiresAt,
      });
      const attempt = await deps.db.transaction((tx) =>
        repository.insertAttempt(tx as unknown as Db, {
          ...base,
          method,
          providerReference: created.reference,
          payload: created.payload,
          billNumber: created.billNumber,
          payeeName: created.payeeName,
          expiresAt,
        }),
      );
      return purposeAttemptView(attempt, now);
    },

    /**
     * A provider confirmed a payment: in one transaction the event id is stored (a replay rolls
     * back), the attempt is locked, the handler books it and the attempt is marked — or, when the
     * subject no longer takes it, the money goes to the customer's wallet.
     */
    async applySuccess(attempt: PaymentAttemptRow, provider: string, eventId: string) {
      const handler = handlerOf(attempt.purpose);
      const now = clock.now();
      const source = clearingOf(attempt.method as ExternalRail, attempt.currency);
      // Read before the transaction; the handler re-checks under its lock what could have moved.
      const subject = attempt.subjectId === null ? undefined : await handler.subject(attempt.subjectId);
      try {
        return await deps.db.transaction(async (raw) => {
          const tx = raw as unknown as Db;
          if (!(await repository.recordWebhookEvent(tx, provider, eventId, now))) throw new AlreadyApplied();
          const locked = await repository.lockAttempt(tx, attempt.id);
          if (locked?.status !== 'pending') throw new AlreadyApplied();
          // The amount is the handler's to judge (an order's due may have grown since the QR).
          const taken =
            subject !== undefined &&
            subject.currency === locked.currency &&
            (await handler.apply(tx, locked, source, now, subject));
          if (!taken) await creditWallet(tx, locked, source);
          await repository.settleAttempt(tx, attempt.id, taken ? 'succeeded' : 'expired', now);
          return taken ? ('applied' as const) : ('credited' as const);
        });
      } catch (error) {
        if (!(error instanceof AlreadyApplied)) throw error;
        await deps.db.transaction(async (tx) => {
          await repository.recordWebhookEvent(tx as unknown as Db, provider, eventId, now);
        });
        return 'replayed' as const;
      }
    },

    /** The caller's own attempt (the QR pages poll it). */
    async attemptOf(me: AuthUser, attemptId: number): Promise<PurposeAttemptView> {
      const attempt = await repository.attempt(attemptId);
      if (!attempt || attempt.customerId !== me.id) throw new AppError('notFound');
      return purposeAttemptView(attempt, clock.now());
    },

    async latestOf(purpose: string, subjectId: number) {
      const latest = await repository.latestPurposeAttempt(purpose, subjectId);
      return latest ? purposeAttemptView(latest, clock.now()) : null;
    },
  };
}

export type PurposePayments = ReturnType<typeof createPurposePayments>;

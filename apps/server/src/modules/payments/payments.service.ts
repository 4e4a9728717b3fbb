import { randomUUID } from 'node:crypto';
import type { OrderPaymentMethods } from '@sabai/shared/payments/pay-pages.schemas';
import { type CityPaymentSettings, cityPaymentSettingsSchema } from '@sabai/shared/payments/payment-settings';
import type { PaymentAttemptView, PaymentMethod } from '@sabai/shared/payments/payments.schemas';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type BookingApi, type OrdersService, requireActor } from '../booking';
import { isAccountRace, isInsufficientBalance, type LedgerService } from '../ledger';
import { clearingOf, escrowOf, walletOf } from './accounts';
import { type ExternalRail, newMerchantReference, type PaymentProvider } from './payment-provider';
import { type PaymentAttemptRow, type PaymentsRepository, POLLED_EVENT_PREFIX } from './payments.repository';

/** A polled provider (Bakong) is asked about one attempt at most this often, however many pollers. */
export const PROVIDER_CHECK_INTERVAL_MS = 5_000;
/** A payment confirmed this long after its QR expired still reaches the order or the wallet. */
export const LATE_PAYMENT_WINDOW_MS = 60 * 60_000;
/** How many attempts one confirmation sweep asks about. */
const SWEEP_BATCH = 20;

/** Which currencies each rail can take (KHQR: Cambodia's two; PromptPay: baht; VietQR: dong). */
export const RAIL_CURRENCIES: Record<ExternalRail, readonly string[] | 'any'> = {
  khqr: ['USD', 'KHR'],
  promptpay: ['THB'],
  vietqr: ['VND'],
  card: 'any',
};

export type PaymentsOrders = Pick<
  OrdersService,
  'systemStepWithin' | 'systemStepInOneStatement' | 'moneyFacts' | 'systemStep'
>;

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  repository: PaymentsRepository;
  ledger: LedgerService;
  orders: PaymentsOrders;
  /** Booking's one order-access policy (decision 102). */
  orderAccess: BookingApi['orderAccess'];
  providers: Partial<Record<ExternalRail, PaymentProvider>>;
  /** Confirmed attempts of every other purpose (decision 045) are applied there. */
  otherPurposes?: {
    applySuccess: (
      attempt: PaymentAttemptRow,
      provider: string,
      eventId: string,
    ) => Promise<'applied' | 'credited' | 'replayed'>;
  };
}

/** Rolls back the applying transaction: the event or the attempt was applied before. */
class AlreadyApplied extends Error {}

export function attemptView(row: PaymentAttemptRow, now: Date): PaymentAttemptView {
  // A pending attempt past its expiry is expired, whether or not a sweep wrote it yet.
  const isExpired = row.status === 'pending' && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    // Views of this kind are only made of order payments, which always name their order.
    orderId: row.orderId ?? 0,
    method: row.method as PaymentMethod,
    amount: row.amount,
    currency: row.currency,
    status: isExpired ? 'expired' : (row.status as PaymentAttemptView['status']),
    payload: row.payload,
    payeeName: row.payeeName,
    billNumber: row.billNumber,
    providerReference: row.providerReference,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

type OrderFacts = NonNullable<Awaited<ReturnType<PaymentsOrders['moneyFacts']>>>;

/** A wallet payment's attempt: settled as it is written (a free order's says so). */
function walletAttempt(order: OrderFacts, now: Date) {
  return {
    orderId: order.id,
    subjectId: order.id,
    customerId: order.customerId,
    method: 'wallet',
    amount: order.payable,
    currency: order.currency,
    status: 'succeeded',
    providerReference: `${order.payable === 0 ? 'free' : 'wallet'}:${randomUUID()}`,
    createdAt: now,
    settledAt: now,
  };
}

/** A wallet payment's entry: the payable from the customer's wallet into the order's escrow. */
function walletEntry(order: OrderFacts) {
  return {
    kind: 'orderPayment',
    orderId: order.id,
    actorUserId: order.customerId,
    lines: [
      { account: walletOf(order.customerId, order.currency), amount: -order.payable },
      { account: escrowOf(order.id, order.currency), amount: order.payable },
    ],
  };
}

/**
 * Paying an order (decision 039). The amount is the order's payable, read here; money and the
 * order's `pay` step commit in one transaction (booking's `systemStepWithin`), so an order is
 * paid exactly when its escrow holds the money.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { repository, ledger, orders, clock } = deps;

  async function settingsOf(cityId: number): Promise<CityPaymentSettings> {
    return cityPaymentSettingsSchema.parse((await repository.citySettings(cityId)) ?? {});
  }

  /** Only the order's customer pays it; its other parties hear so, anyone else "not found" (102). */
  async function customerOrder(me: AuthUser, orderId: number) {
    const access = await deps.orderAccess(me, orderId);
    requireActor(access, ['customer']);
    const order = await orders.moneyFacts(access);
    if (!order) throw new AppError('notFound');
    return order;
  }

  /**
   * A wallet payment as one statement (decision 075): the order's row in hand is stepped by the
   * state machine in TypeScript, and the step's writes, the attempt, and the ledger entry with its
   * postings (wallet → the order's escrow) are one data-modifying statement, atomic by being one:
   * a short wallet fails it whole (the ledger's no-negative check), an order moved meanwhile
   * writes nothing. An account being created elsewhere at that moment takes the transaction's path.
   */
  async function payFromWallet(order: OrderFacts): Promise<PaymentAttemptView> {
    const now = clock.now();
    const attemptRow = walletAttempt(order, now);
    let rows: Record<string, unknown>[] | undefined;
    try {
      rows = await orders.systemStepInOneStatement(order, 'pay', (source) => {
        const attempt = repository.attemptPart(source, attemptRow);
        // A coupon that covers the whole price (decision 051): the step is made, no money moves.
        const money =
          order.payable === 0
            ? []
            : ledger.postParts(attempt.part.name, {
                eventKey: sql`'payment:' || ${sql.identifier(attempt.part.name)}.id`,
                ...walletEntry(order),
              });
        return { parts: [attempt.part, ...money], final: attempt.answer };
      });
    } catch (error) {
      if (isInsufficientBalance(error)) throw new AppError('insufficientBalance');
      if (isAccountRace(error)) return payFromWalletInTransaction(order);
      throw error;
    }
    const [row] = rows ?? [];
    if (!row) throw new AppError('orderNotPayable');
    return attemptView(repository.attemptOf(row), now);
  }

  /** The same payment as a transaction of statements (`systemStepWithin`), for an account race. */
  async function payFromWalletInTransaction(order: OrderFacts): Promise<PaymentAttemptView> {
    let attempt: PaymentAttemptRow | undefined;
    const now = clock.now();
    const moved = await orders.systemStepWithin(order.id, 'pay', async (tx) => {
      attempt = await repository.insertAttempt(tx, walletAttempt(order, now));
      if (order.payable === 0) return;
      // A wallet short of the amount fails here (4001) and the whole step rolls back.
      await ledger.post(tx, { eventKey: `payment:${attempt.id}`, ...walletEntry(order) });
    });
    if (!moved || !attempt) throw new AppError('orderNotPayable');
    return attemptView(attempt, now);
  }

  /** Marks a confirmed payment: escrow and the `pay` step, or the wallet if the order moved on. */
  async function applySuccess(attempt: PaymentAttemptRow, provider: string, eventId: string) {
    if (attempt.purpose !== 'order' && deps.otherPurposes)
      return deps.otherPurposes.applySuccess(attempt, provider, eventId);
    const orderId = attempt.orderId;
    if (orderId === null) throw new Error(`order payment attempt ${attempt.id} has no order`);
    const now = clock.now();
    const rail = attempt.method as ExternalRail;
    const apply = async (tx: Db, into: 'escrow' | 'wallet') => {
      if (!(await repository.recordWebhookEvent(tx, provider, eventId, now))) throw new AlreadyApplied();
      const locked = await repository.lockAttempt(tx, attempt.id);
      if (!locked || locked.status === 'succeeded' || locked.status === 'failed') throw new AlreadyApplied();
      await repository.settleAttempt(tx, attempt.id, into === 'escrow' ? 'succeeded' : 'expired', now);
      await ledger.post(tx, {
        eventKey: `payment:${attempt.id}`,
        kind: into === 'escrow' ? 'orderPayment' : 'latePaymentToWallet',
        orderId,
        lines: [
          { account: clearingOf(rail, attempt.currency), amount: -attempt.amount },
          {
            account:
              into === 'escrow'
                ? escrowOf(orderId, attempt.currency)
                : walletOf(attempt.customerId, attempt.currency),
            amount: attempt.amount,
          },
        ],
      });
    };
    try {
      const moved = await orders.systemStepWithin(orderId, 'pay', (tx) => apply(tx, 'escrow'));
      if (moved) return 'applied' as const;
      // The order is no longer payable (paid another way, expired, cancelled) but the money came:
      // it goes to the customer's wallet, never lost and never paying the order twice.
      await deps.db.transaction((tx) => apply(tx as unknown as Db, 'wallet'));
      return 'credited' as const;
    } catch (error) {
      if (error instanceof AlreadyApplied) {
        await deps.db.transaction(async (tx) => {
          await repository.recordWebhookEvent(tx as unknown as Db, provider, eventId, now);
        });
        return 'replayed' as const;
      }
      throw error;
    }
  }

  /**
   * Asks a polled provider (Bakong's KHQR) about an attempt, if nobody asked in the last few
   * seconds, and applies its answer through the same once-only path as a webhook: the event id
   * `poll:<reference>` is stored with the change, so concurrent pollers and sweeps apply it once.
   */
  async function askProvider(attempt: PaymentAttemptRow, now: Date) {
    const provider = deps.providers[attempt.method as ExternalRail];
    if (!provider?.isPolled) return 'skipped' as const;
    if (!(await repository.claimProviderCheck(attempt.id, now, PROVIDER_CHECK_INTERVAL_MS)))
      return 'skipped' as const;
    const status = await provider.confirm(attempt.providerReference, {
      amount: attempt.amount,
      currency: attempt.currency,
    });
    const eventId = `${POLLED_EVENT_PREFIX}${attempt.providerReference}`;
    if (status === 'succeeded') return applySuccess(attempt, attempt.method, eventId);
    if (status === 'failed') {
      // Paid, but not what we asked (amount, currency or payee): never applied. The failed attempt
      // and this warning are what customer service settles it from.
      deps.log.warn({ attemptId: attempt.id }, 'provider reports a payment that does not match its attempt');
      await repository.failAttempt(attempt.id, attempt.method, eventId, now);
      return 'failed' as const;
    }
    return 'pending' as const;
  }

  return {
    settingsOf,
    applySuccess,
    askProvider,

    /** The expiry sweep (decision 040): what already reads as expired is written so. */
    expireAttempts: (now: Date) => repository.expireDueAttempts(now),

    /**
     * The confirmation sweep: asks the polled providers about their pending attempts (and those
     * expired within the late window), so a payment is applied even when nobody keeps the pay
     * page open. Answers how many it applied or failed.
     */
    async confirmPolledAttempts(now: Date): Promise<number> {
      const polled = Object.entries(deps.providers)
        .filter(([, provider]) => provider?.isPolled)
        .map(([method]) => method);
      const attempts = await repository.attemptsToAsk(polled, now, LATE_PAYMENT_WINDOW_MS, SWEEP_BATCH);
      let settled = 0;
      for (const attempt of attempts) {
        // One attempt in trouble does not hold up the others; it is asked again next sweep.
        const outcome = await askProvider(attempt, now).catch((error: unknown) => {
          deps.log.warn({ err: error, attemptId: attempt.id }, 'asking the payment provider failed');
          return 'pending' as const;
        });
        if (outcome === 'applied' || outcome === 'credited' || outcome === 'failed') settled += 1;
      }
      return settled;
    },

    async pay(me: AuthUser, orderId: number, method: PaymentMethod): Promise<PaymentAttemptView> {
      const order = await customerOrder(me, orderId);
      if (order.status !== 'pendingPayment') throw new AppError('orderNotPayable');
      // Nothing to pay (a coupon covers it): whatever method was chosen, no money moves.
      if (method === 'wallet' || order.payable === 0) return payFromWallet(order);
      const settings = await settingsOf(order.cityId);
      const now = clock.now();
      if (method === 'cash') {
        if (!settings.isCashAllowed) throw new AppError('paymentMethodUnavailable');
        // Cash is collected at the service: the order proceeds, the attempt waits for the provider.
        let attempt: PaymentAttemptRow | undefined;
        const moved = await orders.systemStepWithin(order, 'pay', async (tx) => {
          attempt = await repository.insertAttempt(tx, {
            orderId: order.id,
            subjectId: order.id,
            customerId: order.customerId,
            method: 'cash',
            amount: order.payable,
            currency: order.currency,
            providerReference: `cash:${randomUUID()}`,
            createdAt: now,
          });
        });
        if (!moved || !attempt) throw new AppError('orderNotPayable');
        return attemptView(attempt, now);
      }
      const provider = deps.providers[method];
      const currencies = RAIL_CURRENCIES[method];
      if (!provider || (currencies !== 'any' && !currencies.includes(order.currency)))
        throw new AppError('paymentMethodUnavailable');
      // The same method's live QR is shown again; a new one only once it expired.
      const latest = await repository.latestAttempt(order.id);
      if (latest && latest.method === method && attemptView(latest, now).status === 'pending')
        return attemptView(latest, now);
      const expiresAt = new Date(now.getTime() + settings.attemptExpiryMinutes * 60_000);
      const created = await provider.createPayment({
        // The bill number in the QR: capitals and digits fit every rail (PromptPay's ref1).
        merchantReference: newMerchantReference(),
        orderNumber: order.orderNumber,
        amount: order.payable,
        currency: order.currency,
        createdAt: now,
        expiresAt,
      });
      const attempt = await deps.db.transaction((tx) =>
        repository.insertAttempt(tx as unknown as Db, {
          orderId: order.id,
          subjectId: order.id,
          customerId: order.customerId,
          method,
          amount: order.payable,
          currency: order.currency,
          providerReference: created.reference,
          payload: created.payload,
          billNumber: created.billNumber,
          payeeName: created.payeeName,
          expiresAt,
          createdAt: now,
        }),
      );
      return attemptView(attempt, now);
    },

    /** The methods `pay` would accept for this order now, in the pay page's order (decision 041). */
    async methods(me: AuthUser, orderId: number): Promise<OrderPaymentMethods> {
      const order = await customerOrder(me, orderId);
      const settings = await settingsOf(order.cityId);
      const rails = (Object.keys(RAIL_CURRENCIES) as ExternalRail[]).filter((rail) => {
        const currencies = RAIL_CURRENCIES[rail];
        return deps.providers[rail] && (currencies === 'any' || currencies.includes(order.currency));
      });
      const methods: PaymentMethod[] = [
        'wallet',
        ...rails,
        ...(settings.isCashAllowed ? ['cash' as const] : []),
      ];
      return { methods, attemptExpiryMinutes: settings.attemptExpiryMinutes };
    },

    /**
     * The pay page polls this: a pending attempt of a polled provider (KHQR through Bakong) is
     * asked about first, at most every few seconds per attempt, so the page sees the payment
     * without a webhook. A provider in trouble leaves the attempt pending, never fails the read.
     */
    async current(me: AuthUser, orderId: number): Promise<PaymentAttemptView | null> {
      await customerOrder(me, orderId);
      const latest = await repository.latestAttempt(orderId);
      if (!latest) return null;
      if (latest.status !== 'pending') return attemptView(latest, clock.now());
      const outcome = await askProvider(latest, clock.now()).catch((error: unknown) => {
        deps.log.warn({ err: error, attemptId: latest.id }, 'asking the payment provider failed');
        return 'pending' as const;
      });
      const fresh =
        outcome === 'skipped' || outcome === 'pending' ? latest : await repository.attempt(latest.id);
      return attemptView(fresh ?? latest, clock.now());
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

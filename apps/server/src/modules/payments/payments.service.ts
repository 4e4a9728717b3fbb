import { randomUUID } from 'node:crypto';
import { type CityPaymentSettings, cityPaymentSettingsSchema } from '@sabai/shared/payments/payment-settings';
import type { PaymentAttemptView, PaymentMethod } from '@sabai/shared/payments/payments.schemas';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { OrdersService } from '../booking';
import type { LedgerService } from '../ledger';
import { clearingOf, escrowOf, walletOf } from './accounts';
import type { ExternalRail, PaymentProvider } from './payment-provider';
import type { PaymentAttemptRow, PaymentsRepository } from './payments.repository';

/** Which currencies each rail can take (KHQR: Cambodia's two; PromptPay: baht; VietQR: dong). */
const RAIL_CURRENCIES: Record<ExternalRail, readonly string[] | 'any'> = {
  khqr: ['USD', 'KHR'],
  promptpay: ['THB'],
  vietqr: ['VND'],
  card: 'any',
};

export type PaymentsOrders = Pick<OrdersService, 'systemStepWithin' | 'moneyFacts' | 'systemStep'>;

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  repository: PaymentsRepository;
  ledger: LedgerService;
  orders: PaymentsOrders;
  providers: Partial<Record<ExternalRail, PaymentProvider>>;
}

/** Rolls back the applying transaction: the event or the attempt was applied before. */
class AlreadyApplied extends Error {}

export function attemptView(row: PaymentAttemptRow, now: Date): PaymentAttemptView {
  // A pending attempt past its expiry is expired, whether or not a sweep wrote it yet.
  const isExpired = row.status === 'pending' && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    orderId: row.orderId,
    method: row.method as PaymentMethod,
    amount: row.amount,
    currency: row.currency,
    status: isExpired ? 'expired' : (row.status as PaymentAttemptView['status']),
    payload: row.payload,
    providerReference: row.providerReference,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
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

  async function customerOrder(me: AuthUser, orderId: number) {
    const order = await orders.moneyFacts(orderId);
    // Someone else's order does not exist for this caller.
    if (!order || order.customerId !== me.id || order.isHiddenByCustomer) throw new AppError('notFound');
    return order;
  }

  async function payFromWallet(
    order: NonNullable<Awaited<ReturnType<PaymentsOrders['moneyFacts']>>>,
  ): Promise<PaymentAttemptView> {
    let attempt: PaymentAttemptRow | undefined;
    const now = clock.now();
    const moved = await orders.systemStepWithin(order.id, 'pay', async (tx) => {
      attempt = await repository.insertAttempt(tx, {
        orderId: order.id,
        customerId: order.customerId,
        method: 'wallet',
        amount: order.payable,
        currency: order.currency,
        status: 'succeeded',
        providerReference: `wallet:${randomUUID()}`,
        createdAt: now,
        settledAt: now,
      });
      // A wallet short of the amount fails here (4001) and the whole step rolls back.
      await ledger.post(tx, {
        eventKey: `payment:${attempt.id}`,
        kind: 'orderPayment',
        orderId: order.id,
        actorUserId: order.customerId,
        lines: [
          { account: walletOf(order.customerId, order.currency), amount: -order.payable },
          { account: escrowOf(order.id, order.currency), amount: order.payable },
        ],
      });
    });
    if (!moved || !attempt) throw new AppError('orderNotPayable');
    return attemptView(attempt, now);
  }

  /** Marks a confirmed payment: escrow and the `pay` step, or the wallet if the order moved on. */
  async function applySuccess(attempt: PaymentAttemptRow, provider: string, eventId: string) {
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
        orderId: attempt.orderId,
        lines: [
          { account: clearingOf(rail, attempt.currency), amount: -attempt.amount },
          {
            account:
              into === 'escrow'
                ? escrowOf(attempt.orderId, attempt.currency)
                : walletOf(attempt.customerId, attempt.currency),
            amount: attempt.amount,
          },
        ],
      });
    };
    try {
      const moved = await orders.systemStepWithin(attempt.orderId, 'pay', (tx) => apply(tx, 'escrow'));
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

  return {
    settingsOf,
    applySuccess,

    async pay(me: AuthUser, orderId: number, method: PaymentMethod): Promise<PaymentAttemptView> {
      const order = await customerOrder(me, orderId);
      if (order.status !== 'pendingPayment') throw new AppError('orderNotPayable');
      if (method === 'wallet') return payFromWallet(order);
      const settings = await settingsOf(order.cityId);
      const now = clock.now();
      if (method === 'cash') {
        if (!settings.isCashAllowed) throw new AppError('paymentMethodUnavailable');
        // Cash is collected at the service: the order proceeds, the attempt waits for the provider.
        let attempt: PaymentAttemptRow | undefined;
        const moved = await orders.systemStepWithin(order.id, 'pay', async (tx) => {
          attempt = await repository.insertAttempt(tx, {
            orderId: order.id,
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
        merchantReference: randomUUID().replaceAll('-', '').slice(0, 20),
        orderNumber: order.orderNumber,
        amount: order.payable,
        currency: order.currency,
        expiresAt,
      });
      const attempt = await deps.db.transaction((tx) =>
        repository.insertAttempt(tx as unknown as Db, {
          orderId: order.id,
          customerId: order.customerId,
          method,
          amount: order.payable,
          currency: order.currency,
          providerReference: created.reference,
          payload: created.payload,
          expiresAt,
          createdAt: now,
        }),
      );
      return attemptView(attempt, now);
    },

    async current(me: AuthUser, orderId: number): Promise<PaymentAttemptView | null> {
      await customerOrder(me, orderId);
      const latest = await repository.latestAttempt(orderId);
      return latest ? attemptView(latest, clock.now()) : null;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

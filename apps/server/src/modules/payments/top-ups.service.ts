import { isCurrency, money, toDecimalString } from '@sabai/shared/money';
import {
  extrasSettingsFor,
  TOP_UP_METHODS,
  type TopUpOptions,
  type TopUpView,
} from '@sabai/shared/payments/extras.schemas';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { LedgerService } from '../ledger';
import { walletOf } from './accounts';
import type { ExtrasRepository, TopUpRow } from './extras.repository';
import type { PaymentPurposeHandler, PurposePayments } from './payment-purposes';
import type { PaymentsRepository } from './payments.repository';
import { RAIL_CURRENCIES } from './payments.service';

export interface TopUpCities {
  getOpenCity: (cityId: number | undefined) => Promise<{ id: number; currency: string }>;
}

const KNOWN_CURRENCIES = ['USD', 'KHR', 'THB', 'VND'];
const shown = (amount: number, currency: string) =>
  isCurrency(currency) ? `${toDecimalString(money(amount, currency))} ${currency}` : String(amount);

const topUpView = (row: TopUpRow): TopUpView => ({
  id: row.id,
  amount: row.amount,
  currency: row.currency,
  method: row.method as TopUpView['method'],
  status: row.status as TopUpView['status'],
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
});

/**
 * Wallet top-ups (issue #14 item 8, decision 045): a rail's payment, credited to the customer's
 * wallet when the provider's confirmation is applied (once, by the registry's rules).
 */
export function createTopUps(deps: {
  clock: Clock;
  repository: PaymentsRepository;
  extras: ExtrasRepository;
  ledger: LedgerService;
  purposes: PurposePayments;
  cities?: TopUpCities;
}) {
  const { extras, clock } = deps;

  const handler: PaymentPurposeHandler<null> = {
    purpose: 'topUp',
    methods: TOP_UP_METHODS,
    async subject(topUpId) {
      const topUp = await extras.topUp(topUpId);
      if (topUp?.status !== 'pending') return undefined;
      return {
        customerId: topUp.customerId,
        amount: topUp.amount,
        currency: topUp.currency,
        orderId: null,
        reference: `TOPUP${topUp.id}`,
        cityId: null,
        details: null,
      };
    },
    async apply(tx, attempt, source, now) {
      if (!(await extras.markTopUpPaid(tx, attempt.subjectId ?? 0, now))) return false;
      await deps.ledger.post(tx, {
        eventKey: `payment:${attempt.id}`,
        kind: 'walletTopUp',
        actorUserId: attempt.customerId,
        lines: [
          { account: source, amount: -attempt.amount },
          { account: walletOf(attempt.customerId, attempt.currency), amount: attempt.amount },
        ],
      });
      return true;
    },
  };

  /** Limits of the city the customer names (in its currency), else the currency's defaults. */
  async function optionsFor(currency: string, cityId?: number): Promise<TopUpOptions> {
    let stored: unknown = {};
    if (cityId !== undefined && deps.cities) {
      const city = await deps.cities.getOpenCity(cityId);
      if (city.currency !== currency) throw new AppError('topUpCurrencyUnsupported');
      stored = await deps.repository.citySettings(city.id);
    } else if (!KNOWN_CURRENCIES.includes(currency)) throw new AppError('topUpCurrencyUnsupported');
    const settings = extrasSettingsFor(currency, stored);
    return {
      currency,
      presets: settings.topUpPresets,
      minAmount: settings.topUpMinAmount,
      maxAmount: settings.topUpMaxAmount,
      methods: TOP_UP_METHODS.filter((method) => {
        const accepted = RAIL_CURRENCIES[method];
        return accepted === 'any' || accepted.includes(currency);
      }),
    };
  }

  async function ownTopUp(me: AuthUser, id: number) {
    const topUp = await extras.topUp(id);
    if (!topUp || topUp.customerId !== me.id) throw new AppError('notFound');
    return topUp;
  }

  return {
    handler,
    optionsFor,

    async start(
      me: AuthUser,
      request: { amount: number; currency: string; method: (typeof TOP_UP_METHODS)[number]; cityId?: number },
    ) {
      const options = await optionsFor(request.currency, request.cityId);
      if (request.amount < options.minAmount || request.amount > options.maxAmount)
        throw new AppError('topUpAmountOutOfRange', {
          min: shown(options.minAmount, request.currency),
          max: shown(options.maxAmount, request.currency),
        });
      if (!options.methods.includes(request.method)) throw new AppError('paymentMethodUnavailable');
      const topUp = await extras.insertTopUp({
        customerId: me.id,
        amount: request.amount,
        currency: request.currency,
        method: request.method,
        createdAt: clock.now(),
      });
      const attempt = await deps.purposes.start(me, 'topUp', topUp.id, request.method);
      return { topUp: topUpView(topUp), attempt };
    },

    async status(me: AuthUser, id: number) {
      const topUp = await ownTopUp(me, id);
      const attempt = await deps.purposes.latestOf('topUp', topUp.id);
      if (!attempt) throw new AppError('notFound');
      return { topUp: topUpView(topUp), attempt };
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { CityBookingSettings } from '@sabai/shared/booking/booking-settings';
import { isCurrency } from '@sabai/shared/money';
import {
  cityVipSettingsSchema,
  DEFAULT_VIP_PRICE,
  VIP_DAYS,
  type VipOffer,
} from '@sabai/shared/payments/coupons.schemas';
import { VIP_RAIL_METHODS } from '@sabai/shared/payments/vip-payments.schemas';
import type { Currency } from '@sabai/shared/settings';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { GeoApi } from '../geo';
import type { LedgerService } from '../ledger';
import type { PaymentPurposeHandler, PurposePayments } from '../payments';
import type { VipRepository } from './vip.repository';

const DAY_MS = 24 * 60 * 60_000;

/** What an account (e.g. a wallet) is, as the ledger names it. */
interface Accounts {
  walletOf: (
    userId: number,
    currency: string,
  ) => Parameters<LedgerService['post']>[1]['lines'][number]['account'];
  platformRevenue: (currency: string) => Parameters<LedgerService['post']>[1]['lines'][number]['account'];
  vatPayable: (currency: string) => Parameters<LedgerService['post']>[1]['lines'][number]['account'];
}

/** The VAT inside a VAT-inclusive price, rounded half up. */
export function vatInside(price: number, vatBasisPoints: number): number {
  if (vatBasisPoints <= 0) return 0;
  const base = 10_000 + vatBasisPoints;
  const net = Math.floor((2 * price * 10_000 + base) / (2 * base));
  return price - net;
}

/**
 * The VIP annual card (decision 043). Membership is derived from rows: a user is a member while a
 * purchase's window holds now. Each purchase adds 365 days from where the membership stood (its
 * current end, or now), so renewing early loses nothing.
 */
export function createVipService(deps: {
  db: Db;
  clock: Clock;
  repository: VipRepository;
  ledger: LedgerService;
  accounts: Accounts;
  cities: Pick<GeoApi, 'getOpenCity'>;
  bookingSettingsOf: (cityId: number) => Promise<CityBookingSettings>;
  /** Called after a purchase commits (the account cache's record shows vipLevel). */
  onMembershipChanged?: (userId: number) => void;
}) {
  const { repository, clock } = deps;

  async function priceIn(cityId: number): Promise<{ price: number; currency: Currency }> {
    const city = await deps.cities.getOpenCity(cityId);
    if (!isCurrency(city.currency)) throw new Error(`city ${cityId} has an unsupported currency`);
    const settings = cityVipSettingsSchema.parse((await repository.citySettings(cityId)) ?? {});
    return { price: settings.price ?? DEFAULT_VIP_PRICE[city.currency], currency: city.currency };
  }

  /**
   * Grants 365 days from the membership's latest end (or from `now`), once per purchase: any
   * payment route calls this inside the transaction that took the money (and `onMembershipChanged`
   * after its commit). A second call with the same purchase answers the row it made.
   */
  async function grantOrExtendVip(
    tx: Db,
    userId: number,
    purchaseId: string,
    now: Date,
    paid: { cityId: number; price: number; currency: string } | undefined = undefined,
  ) {
    await repository.lockUser(tx, userId);
    const earlier = await repository.findByPurchase(tx, purchaseId);
    if (earlier) return earlier;
    const latest = await repository.latestEnd(tx, userId, now);
    const startsAt = latest && latest.getTime() > now.getTime() ? latest : now;
    const row = await repository.insertMembership(tx, {
      userId,
      purchaseKey: purchaseId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + VIP_DAYS * DAY_MS),
      cityId: paid?.cityId ?? null,
      price: paid?.price ?? 0,
      currency: paid?.currency ?? '',
      createdAt: now,
    });
    return row;
  }

  /**
   * The `vip` payment purpose (decision 051): a pending purchase request is the subject; applying
   * the provider's confirmation books rail clearing → platform revenue + VAT payable and grants
   * the membership in the same transaction, once (the request turns `paid` under the attempt's
   * lock; the membership's purchase key is the request's).
   */
  const purposeHandler: PaymentPurposeHandler<null> = {
    purpose: 'vip',
    methods: VIP_RAIL_METHODS,
    async subject(requestId) {
      const request = await repository.request(requestId);
      if (request?.status !== 'pending') return undefined;
      return {
        customerId: request.userId,
        amount: request.price,
        currency: request.currency,
        orderId: null,
        reference: `VIP${request.id}`,
        cityId: request.cityId,
        details: null,
      };
    },
    async apply(tx, attempt, source, now) {
      const request = await repository.markRequestPaid(tx, attempt.subjectId ?? 0, now);
      if (!request || request.price !== attempt.amount || request.currency !== attempt.currency) return false;
      const lines = [
        { account: source, amount: -request.price },
        { account: deps.accounts.platformRevenue(request.currency), amount: request.price - request.vat },
        { account: deps.accounts.vatPayable(request.currency), amount: request.vat },
      ].filter((line) => line.amount !== 0);
      await deps.ledger.post(tx, {
        eventKey: `payment:${attempt.id}`,
        kind: 'vipPurchase',
        actorUserId: request.userId,
        lines,
      });
      await grantOrExtendVip(tx, request.userId, `vipRequest:${request.id}`, now, {
        cityId: request.cityId,
        price: request.price,
        currency: request.currency,
      });
      // The account cache forgets the user's record; the next read after the commit sees vipLevel.
      deps.onMembershipChanged?.(request.userId);
      return true;
    },
  };
  let purposes: PurposePayments | undefined;

  async function isMember(userId: number): Promise<boolean> {
    return (await repository.activeEnd(userId, clock.now())) !== undefined;
  }

  return {
    grantOrExtendVip,
    isMember,
    purposeHandler,

    /** Payments are built after VIP (booking asks VIP for member prices): they connect here. */
    connectPayments(registry: PurposePayments) {
      purposes = registry;
      registry.register(purposeHandler);
    },

    /** Starts paying the card through a rail: a pending request at today's price and its QR. */
    async purchaseWithRail(me: AuthUser, cityId: number, method: (typeof VIP_RAIL_METHODS)[number]) {
      if (!purposes) throw new Error('VIP payments are not connected');
      if (!(await repository.isOnSale())) throw new AppError('vipNotOnSale');
      const { price, currency } = await priceIn(cityId);
      const { vatBasisPoints } = await deps.bookingSettingsOf(cityId);
      const request = await repository.insertRequest({
        userId: me.id,
        cityId,
        price,
        vat: vatInside(price, vatBasisPoints),
        currency,
        createdAt: clock.now(),
      });
      const attempt = await purposes.start(me, 'vip', request.id, method);
      return { requestId: request.id, attempt };
    },

    async offer(me: AuthUser, cityId: number): Promise<VipOffer> {
      const now = clock.now();
      const [{ price, currency }, isOpen, latest] = await Promise.all([
        priceIn(cityId),
        repository.isOnSale(),
        repository.latestEnd(deps.db, me.id, now),
      ]);
      const active = await repository.activeEnd(me.id, now);
      const from = latest && latest.getTime() > now.getTime() ? latest : now;
      return {
        isOpen,
        price,
        currency,
        days: VIP_DAYS,
        isMember: active !== undefined,
        endsAt: latest?.toISOString() ?? null,
        nextEndsAt: new Date(from.getTime() + VIP_DAYS * DAY_MS).toISOString(),
      };
    },

    /**
     * Buys (or renews) the card from the wallet in one transaction: wallet → platform revenue and
     * VAT payable, and the membership row. A short wallet (4001) rolls everything back.
     */
    async purchaseWithWallet(me: AuthUser, cityId: number) {
      if (!(await repository.isOnSale())) throw new AppError('vipNotOnSale');
      const { price, currency } = await priceIn(cityId);
      const { vatBasisPoints } = await deps.bookingSettingsOf(cityId);
      const vat = vatInside(price, vatBasisPoints);
      const purchaseId = `wallet:${randomUUID()}`;
      const now = clock.now();
      const membership = await deps.db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const lines = [
          { account: deps.accounts.walletOf(me.id, currency), amount: -price },
          { account: deps.accounts.platformRevenue(currency), amount: price - vat },
          { account: deps.accounts.vatPayable(currency), amount: vat },
        ].filter((line) => line.amount !== 0);
        await deps.ledger.post(tx, {
          eventKey: `vip:${purchaseId}`,
          kind: 'vipPurchase',
          actorUserId: me.id,
          lines,
        });
        return grantOrExtendVip(tx, me.id, purchaseId, now, { cityId, price, currency });
      });
      deps.onMembershipChanged?.(me.id);
      return { purchaseId: membership.id, price, currency, endsAt: membership.endsAt.toISOString() };
    },
  };
}

export type VipService = ReturnType<typeof createVipService>;

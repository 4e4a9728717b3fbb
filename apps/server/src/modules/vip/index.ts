import type { CityBookingSettings } from '@sabai/shared/booking/booking-settings';
import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import type { GeoApi } from '../geo';
import type { LedgerService } from '../ledger';
import { platformRevenue, vatPayable, walletOf } from '../payments';
import { createVipRepository } from './vip.repository';
import { vipRoutes } from './vip.routes';
import { createVipService, type VipService } from './vip.service';

export type { VipService } from './vip.service';

/**
 * The VIP annual card (issue #14 item 7, decision 043): on sale while config 3099 says so, paid
 * from the wallet for now; `grantOrExtendVip` is what any other payment route calls. Membership is
 * read from its rows (booking's member prices, the user record's vipLevel), never a stored flag.
 */
export function createVipModule(
  context: Pick<ModuleContext, 'db' | 'clock'>,
  needs: {
    ledger: LedgerService;
    cities: Pick<GeoApi, 'getOpenCity'>;
    bookingSettingsOf: (cityId: number) => Promise<CityBookingSettings>;
    onMembershipChanged?: (userId: number) => void;
  },
): AppModule<{ vip: VipService }> {
  const vip = createVipService({
    db: context.db,
    clock: context.clock,
    repository: createVipRepository(context.db),
    ledger: needs.ledger,
    accounts: { walletOf, platformRevenue, vatPayable },
    cities: needs.cities,
    bookingSettingsOf: needs.bookingSettingsOf,
    ...(needs.onMembershipChanged ? { onMembershipChanged: needs.onMembershipChanged } : {}),
  });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(vipRoutes, { vip });
  };
  return { name: 'vip', api: { vip }, routes };
}

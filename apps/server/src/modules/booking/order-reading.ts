import type { OrderDetail } from '@sabai/shared/booking/booking.schemas';
import { normaliseMobile } from '@sabai/shared/phone';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import { type Page, pageWindow, toPage } from '../../lib/paging';
import type { OrderCore, OrdersDeps } from './order-core';
import { codes, MINUTE, TAB_STATUS_CODES, type Tab } from './order-rows';

/** Reading orders: one order for its parties, the customer's tabs, the workbench, the store's counter, customer service's search. */
export function createOrderReading(deps: OrdersDeps, core: OrderCore) {
  const { repository, clock } = deps;
  const { partyOrder, detail, summary } = core;

  return {
    async listMine(
      me: AuthUser,
      query: { tab: Tab; page: number; pageSize: number },
    ): Promise<Page<ReturnType<typeof summary>>> {
      const window = pageWindow(query);
      const rows = await repository.listCustomerOrders(
        me.id,
        TAB_STATUS_CODES[query.tab],
        window.limit,
        window.offset,
      );
      return toPage(rows.map(summary), query);
    },

    /**
     * The workbench: orders waiting for my answer, and my schedule (accepted to in service) from the
     * start of today for the horizon; each in the masked form a provider sees before accepting.
     */
    async listForProvider(
      me: AuthUser,
      query: { view: 'incoming' | 'schedule'; page: number; pageSize: number },
    ): Promise<Page<OrderDetail>> {
      const therapist = await repository.therapistOfUser(me.id);
      if (!therapist) throw new AppError('notFound');
      const settings = await deps.settingsOf(therapist.cityId);
      const now = clock.now().getTime();
      const from = new Date(now - 24 * 60 * MINUTE);
      const to = new Date(now + (settings.bookingHorizonDays + 1) * 24 * 60 * MINUTE);
      const statuses =
        query.view === 'incoming'
          ? codes('waitingAcceptance')
          : codes('accepted', 'departed', 'arrived', 'inService');
      const window = pageWindow(query);
      const rows = await repository.listTherapistOrders(
        therapist.id,
        statuses,
        from,
        to,
        window.limit,
        window.offset,
      );
      const page = toPage(rows, query);
      return { ...page, items: await Promise.all(page.items.map((row) => detail(row, 'provider'))) };
    },

    /** The store's counter: live in-store orders of the stores this login works at. */
    async listForStore(me: AuthUser, query: { page: number; pageSize: number }): Promise<Page<OrderDetail>> {
      const window = pageWindow(query);
      const rows = await repository.listStoreOrders(
        me.id,
        codes('toBeUsed', 'preparing'),
        window.limit,
        window.offset,
      );
      const page = toPage(rows, query);
      return { ...page, items: await Promise.all(page.items.map((row) => detail(row, 'store'))) };
    },

    /** Customer service finds an order by its number or a party's phone, with timeline and price. */
    async findForStaff(query: {
      orderNumber?: string | undefined;
      areaCode?: string | undefined;
      phone?: string | undefined;
    }) {
      let phoneE164: string | undefined;
      if (!query.orderNumber) {
        const mobile =
          query.phone && query.areaCode ? normaliseMobile(query.phone, query.areaCode) : undefined;
        if (!mobile) throw new AppError('phoneInvalid');
        phoneE164 = mobile.e164;
      }
      const rows = await repository.findOrdersForStaff({ orderNumber: query.orderNumber, phoneE164 }, 50);
      return Promise.all(rows.map((row) => detail(row, 'staff')));
    },

    async get(me: AuthUser, id: number): Promise<OrderDetail> {
      const { order, actor } = await partyOrder(me, id);
      return detail(order, actor);
    },

    /** The one order-access policy (decision 102): booking's api hands it to every module. */
    orderAccess: core.access.orderAccess,

    /** Who may follow `order:<id>`: whoever the order-access policy lets see it (decisions 016, 102). */
    canFollow: core.access.canFollow,
  };
}

import type { OrderDetail, OrderPosition } from '@sabai/shared/booking/booking.schemas';
import type { LatLng } from '@sabai/shared/geo';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { OrderCore, OrdersDeps } from './order-core';
import { statusOf } from './order-rows';
import { providerPositionView } from './order-travel-rules';

/**
 * The provider on the way and at the door: the position shared while travelling (published on
 * `order:<id>` as `order.position`) and the call attempts a no-show needs.
 */
export function createOrderTravel(deps: OrdersDeps, core: OrderCore) {
  const { repository, clock } = deps;
  const { partyOrder, detail } = core;

  /** Only the order's own provider acts here; the customer and staff hear it's not theirs to do. */
  async function providerOrder(me: AuthUser, id: number) {
    const { order, actor } = await partyOrder(me, id);
    if (actor !== 'provider') throw new AppError('orderActorNotAllowed');
    return order;
  }

  return {
    /**
     * Keeps the travelling provider's latest position and publishes it with an ETA. The app sends
     * one every `positionShareSeconds` (15 s); a position arriving within a third of that after the
     * last one is coalesced into it (answered, not stored or published), so a retrying or
     * over-eager client cannot flood the order's followers.
     */
    async sharePosition(me: AuthUser, id: number, point: LatLng): Promise<OrderPosition> {
      const order = await providerOrder(me, id);
      if (statusOf(order) !== 'departed') throw new AppError('positionSharingClosed');
      const settings = await deps.settingsOf(order.cityId);
      const now = clock.now();
      const last = await repository.providerPosition(order.id);
      const coalesceMs = (settings.positionShareSeconds * 1000) / 3;
      if (last && now.getTime() - last.at.getTime() < coalesceMs && now >= last.at) {
        return { orderId: order.id, ...providerPositionView(order, last, settings) };
      }
      const position = { orderId: order.id, latitude: point.lat, longitude: point.lng, at: now };
      const view = { orderId: order.id, ...providerPositionView(order, position, settings) };
      await deps.outbox().transaction(async (tx) => {
        await repository.saveProviderPosition(tx, position);
        await deps.outbox().add(tx, {
          aggregateType: 'order',
          aggregateId: order.id,
          eventType: 'order.position',
          payload: view,
          topics: [`order:${order.id}`],
        });
      });
      return view;
    },

    /** The arrived provider tried to call the customer (its time is kept; a no-show needs one). */
    async recordCallAttempt(me: AuthUser, id: number): Promise<OrderDetail> {
      const order = await providerOrder(me, id);
      if (statusOf(order) !== 'arrived') throw new AppError('orderTransitionIllegal');
      await repository.insertCallAttempt(order.id, me.id, clock.now());
      return detail(order, 'provider');
    },
  };
}

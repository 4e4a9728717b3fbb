import type { OrderDetail } from '@sabai/shared/booking/booking.schemas';
import type { OrderKind } from '@sabai/shared/booking/order-status';
import { nextStatus, type OrderTransition } from '@sabai/shared/booking/order-transitions';
import type { LatLng } from '@sabai/shared/geo';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { StatementPart } from '../../db/one-statement';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { NewOrderRow, OrderRow } from './booking.repository';
import type { OrderAccess } from './order-access';
import type { OrderCore, OrdersDeps, TransitionOptions } from './order-core';
import { codes, statusOf } from './order-rows';
import { checkArrival, checkEarlyEnd, checkNoShow } from './order-travel-rules';

/** The cancellation settlement as recorded on the order (order-core's settlementView). */
export interface SettlementRecord {
  stage: string;
  currency: string;
  paid: number;
  kept: { reason: string; keptBy: 'platform' | 'provider'; amount: number }[];
  keptTotal: number;
  refund: number;
  isCouponReturned: boolean;
}

/** The state machine's steps made by a party, by a store's code, or by the system's timed jobs. */
export function createOrderSteps(deps: OrdersDeps, core: OrderCore) {
  const { repository, clock } = deps;
  const { partyOrder, transition, detail } = core;
  /**
   * The row each money-facts answer was read from (decision 069): a payment reads the facts, then
   * steps the same order at once, and need not read the 37-column row a second time. Weakly held,
   * so a facts object that is dropped takes its row with it.
   */
  const rowOfFacts = new WeakMap<object, OrderRow>();

  /**
   * The last mile's rules (check-in, early end, no-show) once the state machine allows the step;
   * answers what the step also records on the order.
   */
  async function lastMileChanges(
    order: OrderRow,
    step: OrderTransition,
    reason: string,
    position: LatLng | undefined,
  ): Promise<Partial<NewOrderRow>> {
    if (step !== 'arrive' && step !== 'end' && step !== 'reportNoShow') return {};
    const settings = await deps.settingsOf(order.cityId);
    if (step === 'arrive') return checkArrival(order, position, reason, settings);
    if (step === 'end') checkEarlyEnd(order, clock.now(), reason, settings);
    else checkNoShow(order, await repository.callAttemptCount(order.id), clock.now(), settings);
    return {};
  }

  return {
    /** Marks the order with this code consumed (typed, or read from the customer's QR code). */
    async consumeByCode(me: AuthUser, code: string): Promise<OrderDetail> {
      const order = await repository.findStoreOrderByCode(me.id, code, codes('toBeUsed', 'preparing'));
      if (!order) throw new AppError('notFound');
      return detail(await transition(order, 'consume', 'store', me.id), 'store');
    },

    async step(
      me: AuthUser,
      id: number,
      step: OrderTransition,
      options: TransitionOptions & { position?: LatLng | undefined },
    ): Promise<OrderDetail> {
      const { order, actor } = await partyOrder(me, id);
      // Staff act on someone's behalf: the history row keeps who and why (issue #13 item 10).
      if (actor === 'staff' && !options.reason) throw new AppError('staffReasonRequired');
      // Paying belongs to the money issue's checkout and webhook, not to a bare status change.
      if (step === 'pay') throw new AppError('orderActorNotAllowed');
      // A reassignment names the new provider: it has its own route (reassign below).
      if (step === 'reassign') throw new AppError('orderTransitionIllegal');
      // An illegal step is refused as such before any of the last mile's rules speaks.
      const outcome = nextStatus(order.kind, statusOf(order), step, actor);
      if (!outcome.ok) {
        throw new AppError(
          outcome.reason === 'illegalTransition' ? 'orderTransitionIllegal' : 'orderActorNotAllowed',
        );
      }
      const { position, ...rest } = options;
      const changes = await lastMileChanges(order, step, options.reason ?? '', position);
      const moved = await transition(order, step, actor, me.id, {
        ...rest,
        changes: { ...rest.changes, ...changes },
        waiveFee: actor === 'staff' && (options.waiveFee ?? false),
      });
      return detail(moved, actor);
    },
    /** A timed job's step: skipped when the order has already moved on (jobs run at least once). */
    async systemStep(orderId: number, step: OrderTransition): Promise<void> {
      const order = await repository.findOrder(orderId);
      if (!order) return;
      if (!nextStatus(order.kind, statusOf(order), step, 'system').ok) return;
      try {
        await transition(order, step, 'system', null);
      } catch (error) {
        if (error instanceof AppError && error.key === 'orderTransitionIllegal') return;
        throw error;
      }
    },

    /**
     * The payments module's step (decision 039): the system's step with `work` in the same
     * transaction; false (nothing written) when the order is no longer where the step applies.
     */
    async systemStepWithin(
      /**
       * The order's id, or the money facts just read of it: their row is stepped without reading it
       * again. That is safe because the step's update is guarded by the status the row was read at
       * (an order that moved meanwhile is not stepped, as with a fresh read that lost the race).
       */
      orderOrFacts: number | { id: number },
      step: OrderTransition,
      work: (tx: Db, updated: OrderRow) => Promise<void>,
    ): Promise<boolean> {
      const order =
        typeof orderOrFacts === 'number'
          ? await repository.findOrder(orderOrFacts)
          : (rowOfFacts.get(orderOrFacts) ?? (await repository.findOrder(orderOrFacts.id)));
      if (!order) throw new AppError('notFound');
      if (!nextStatus(order.kind, statusOf(order), step, 'system').ok) return false;
      try {
        await transition(order, step, 'system', null, { inTransaction: work });
        return true;
      } catch (error) {
        if (error instanceof AppError && error.key === 'orderTransitionIllegal') return false;
        throw error;
      }
    },

    /**
     * `systemStepWithin` as one statement (decision 075): the step's writes and `more`'s parts
     * (which read `source`, so they are written only when the order moved) in one data-modifying
     * statement, atomic by being one. Answers the rows of `more`'s final select, or undefined
     * (nothing written) when the order is no longer where the step applies.
     */
    async systemStepInOneStatement(
      facts: { id: number },
      step: OrderTransition,
      more: (source: string) => { parts: StatementPart[]; final: SQL },
    ): Promise<Record<string, unknown>[] | undefined> {
      const order = rowOfFacts.get(facts) ?? (await repository.findOrder(facts.id));
      if (!order) throw new AppError('notFound');
      if (!nextStatus(order.kind, statusOf(order), step, 'system').ok) return undefined;
      try {
        return await core.transitionInOneStatement(order, step, 'system', null, more);
      } catch (error) {
        if (error instanceof AppError && error.key === 'orderTransitionIllegal') return undefined;
        throw error;
      }
    },

    /**
     * What the payments module needs of an order: who pays, how much, and where it stands. Given
     * the order-access policy's answer, it is the row that answer was read from (no second read).
     */
    async moneyFacts(orderOrAccess: number | OrderAccess) {
      const order =
        typeof orderOrAccess === 'number'
          ? await repository.findOrder(orderOrAccess)
          : (core.access.rowOf(orderOrAccess) ?? (await repository.findOrder(orderOrAccess.orderId)));
      if (!order) return null;
      const facts = {
        id: order.id,
        orderNumber: order.orderNumber,
        kind: order.kind as OrderKind,
        customerId: order.customerId,
        isHiddenByCustomer: order.hiddenByCustomerAt !== null,
        therapistId: order.therapistId,
        storeId: order.storeId,
        cityId: order.cityId,
        status: statusOf(order),
        currency: order.currency,
        payable: order.payable,
        quote: { ...order.quote },
        /** Extra clocks and project changes: what payments collects as the order's extras (decision 045). */
        adjustments: [...order.adjustments],
        settlement: (order.settlement ?? null) as SettlementRecord | null,
      };
      rowOfFacts.set(facts, order);
      return facts;
    },

    /** For the payment issue and tests: the system's step on an order. */
    systemTransition: async (orderId: number, step: OrderTransition) => {
      const order = await repository.findOrder(orderId);
      if (!order) throw new AppError('notFound');
      return transition(order, step, 'system', null);
    },
  };
}

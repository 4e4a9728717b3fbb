import { describe, expect, it } from 'vitest';
import { allowedActions, isActionAllowed } from './order-actions';
import {
  findOrderStatusByCode,
  isLiveStatus,
  LIVE_STATUS_CODES,
  ORDER_KINDS,
  ORDER_STATUS_CODES,
  ORDER_STATUSES,
  STATUSES_BY_KIND,
  TERMINAL_STATUSES,
} from './order-status';
import {
  allowedTransitions,
  nextStatus,
  ORDER_ACTORS,
  ORDER_TRANSITIONS,
  type OrderTransition,
  TRANSITION_RULES,
} from './order-transitions';

describe('order status codes', () => {
  it('are unique and read back to their status', () => {
    const codes = Object.values(ORDER_STATUS_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const status of ORDER_STATUSES)
      expect(findOrderStatusByCode(ORDER_STATUS_CODES[status])).toBe(status);
    expect(findOrderStatusByCode(999)).toBeUndefined();
  });

  it('keep their published numbers (clients and stored rows depend on them)', () => {
    expect(ORDER_STATUS_CODES).toEqual({
      pendingPayment: 10,
      waitingAcceptance: 20,
      reassigning: 25,
      accepted: 30,
      departed: 40,
      arrived: 50,
      inService: 60,
      serviceEnded: 70,
      pendingReview: 80,
      completed: 90,
      toBeUsed: 110,
      preparing: 120,
      consumed: 130,
      cancelled: 200,
      expired: 210,
      refunding: 220,
      refunded: 230,
    });
  });

  it('list pending payment among the live statuses (the unpaid order holds the slot) and nothing finished', () => {
    expect(isLiveStatus('pendingPayment')).toBe(true);
    expect(LIVE_STATUS_CODES).toEqual([10, 20, 30, 40, 50, 60, 110, 120]);
    for (const status of TERMINAL_STATUSES) expect(isLiveStatus(status)).toBe(false);
    expect(isLiveStatus('reassigning')).toBe(false);
    expect(isLiveStatus('serviceEnded')).toBe(false);
  });
});

describe('the transition table', () => {
  it('names each (kind, transition, from) once, so a step has one target', () => {
    const seen = new Set<string>();
    for (const rule of TRANSITION_RULES) {
      for (const from of rule.from) {
        const key = `${rule.kind}/${rule.transition}/${from}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });

  it('only uses statuses of the rule’s kind and never leaves a terminal status', () => {
    for (const rule of TRANSITION_RULES) {
      for (const status of [...rule.from, rule.to]) expect(STATUSES_BY_KIND[rule.kind]).toContain(status);
      for (const from of rule.from) expect(TERMINAL_STATUSES).not.toContain(from);
      expect(rule.actors.length).toBeGreaterThan(0);
    }
  });

  it('reaches every status of each kind from pending payment and lets every non-terminal one move on', () => {
    for (const kind of ORDER_KINDS) {
      const reached = new Set(['pendingPayment']);
      for (let changed = true; changed; ) {
        changed = false;
        for (const rule of TRANSITION_RULES.filter((candidate) => candidate.kind === kind)) {
          if (rule.from.some((from) => reached.has(from)) && !reached.has(rule.to)) {
            reached.add(rule.to);
            changed = true;
          }
        }
      }
      expect([...reached].sort()).toEqual([...STATUSES_BY_KIND[kind]].sort());
      for (const status of STATUSES_BY_KIND[kind].filter((s) => !TERMINAL_STATUSES.includes(s))) {
        const leaves = TRANSITION_RULES.some((rule) => rule.kind === kind && rule.from.includes(status));
        expect(leaves, `${kind} ${status}`).toBe(true);
      }
    }
  });
});

describe('nextStatus', () => {
  it('walks a home visit from payment to completion', () => {
    const path: [OrderTransition, 'customer' | 'provider' | 'system', string][] = [
      ['pay', 'system', 'waitingAcceptance'],
      ['accept', 'provider', 'accepted'],
      ['depart', 'provider', 'departed'],
      ['arrive', 'provider', 'arrived'],
      ['start', 'provider', 'inService'],
      ['end', 'provider', 'serviceEnded'],
      ['awaitReview', 'system', 'pendingReview'],
      ['review', 'customer', 'completed'],
    ];
    let status: keyof typeof ORDER_STATUS_CODES = 'pendingPayment';
    for (const [transition, actor, expected] of path) {
      const outcome = nextStatus('homeVisit', status, transition, actor);
      expect(outcome).toEqual({ ok: true, status: expected });
      if (outcome.ok) status = outcome.status;
    }
  });

  it('walks an in-store order to consumed', () => {
    expect(nextStatus('inStore', 'pendingPayment', 'pay', 'system')).toEqual({
      ok: true,
      status: 'toBeUsed',
    });
    expect(nextStatus('inStore', 'toBeUsed', 'prepare', 'store')).toEqual({ ok: true, status: 'preparing' });
    expect(nextStatus('inStore', 'preparing', 'consume', 'store')).toEqual({ ok: true, status: 'consumed' });
  });

  it('cancels an unpaid order outright and a paid one through refunding', () => {
    expect(nextStatus('homeVisit', 'pendingPayment', 'cancel', 'customer')).toEqual({
      ok: true,
      status: 'cancelled',
    });
    expect(nextStatus('homeVisit', 'accepted', 'cancel', 'customer')).toEqual({
      ok: true,
      status: 'refunding',
    });
    expect(nextStatus('homeVisit', 'refunding', 'refund', 'system')).toEqual({
      ok: true,
      status: 'refunded',
    });
  });

  it('sends a declined, timed-out or given-back order to reassigning, from where it can be reassigned', () => {
    expect(nextStatus('homeVisit', 'waitingAcceptance', 'decline', 'provider')).toEqual({
      ok: true,
      status: 'reassigning',
    });
    expect(nextStatus('homeVisit', 'waitingAcceptance', 'autoDecline', 'system')).toEqual({
      ok: true,
      status: 'reassigning',
    });
    expect(nextStatus('homeVisit', 'departed', 'giveBack', 'provider')).toEqual({
      ok: true,
      status: 'reassigning',
    });
    expect(nextStatus('homeVisit', 'reassigning', 'reassign', 'customer')).toEqual({
      ok: true,
      status: 'waitingAcceptance',
    });
    expect(nextStatus('homeVisit', 'reassigning', 'cancel', 'system')).toEqual({
      ok: true,
      status: 'refunding',
    });
  });

  it('refuses a step the status does not allow as illegal', () => {
    expect(nextStatus('homeVisit', 'pendingPayment', 'accept', 'provider')).toEqual({
      ok: false,
      reason: 'illegalTransition',
    });
    expect(nextStatus('homeVisit', 'cancelled', 'cancel', 'customer')).toEqual({
      ok: false,
      reason: 'illegalTransition',
    });
    expect(nextStatus('homeVisit', 'completed', 'review', 'customer')).toEqual({
      ok: false,
      reason: 'illegalTransition',
    });
  });

  it('refuses a status of the other kind as illegal (an in-store order never departs)', () => {
    expect(nextStatus('inStore', 'accepted', 'depart', 'provider')).toEqual({
      ok: false,
      reason: 'illegalTransition',
    });
    expect(nextStatus('homeVisit', 'toBeUsed', 'consume', 'store')).toEqual({
      ok: false,
      reason: 'illegalTransition',
    });
  });

  it('refuses a legal step made by the wrong party', () => {
    expect(nextStatus('homeVisit', 'waitingAcceptance', 'accept', 'customer')).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
    expect(nextStatus('homeVisit', 'inService', 'cancel', 'customer')).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
    expect(nextStatus('homeVisit', 'inService', 'cancel', 'staff')).toEqual({
      ok: true,
      status: 'refunding',
    });
    expect(nextStatus('homeVisit', 'pendingPayment', 'expire', 'customer')).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
  });

  it('agrees with allowedTransitions for every kind, status, transition and actor', () => {
    for (const kind of ORDER_KINDS) {
      for (const status of ORDER_STATUSES) {
        for (const actor of ORDER_ACTORS) {
          const allowed = allowedTransitions(kind, status, actor);
          for (const transition of ORDER_TRANSITIONS) {
            expect(nextStatus(kind, status, transition, actor).ok).toBe(allowed.includes(transition));
          }
        }
      }
    }
  });
});

describe('allowedTransitions and allowedActions', () => {
  it('offer the customer only what they may do now', () => {
    expect(allowedTransitions('homeVisit', 'pendingPayment', 'customer')).toEqual(['pay', 'cancel']);
    expect(allowedTransitions('homeVisit', 'inService', 'customer')).toEqual([]);
    expect(allowedActions('homeVisit', 'inService', 'customer')).toEqual(['addClock']);
    expect(allowedTransitions('homeVisit', 'waitingAcceptance', 'provider')).toEqual(['accept', 'decline']);
    expect(allowedTransitions('homeVisit', 'completed', 'staff')).toEqual([]);
  });

  it('allow urging while someone still has to act, and deleting only finished orders', () => {
    expect(isActionAllowed('homeVisit', 'accepted', 'urge', 'customer')).toBe(true);
    expect(isActionAllowed('homeVisit', 'inService', 'urge', 'customer')).toBe(false);
    expect(isActionAllowed('homeVisit', 'accepted', 'urge', 'provider')).toBe(false);
    expect(isActionAllowed('homeVisit', 'cancelled', 'delete', 'customer')).toBe(true);
    expect(isActionAllowed('homeVisit', 'accepted', 'delete', 'customer')).toBe(false);
    expect(isActionAllowed('inStore', 'toBeUsed', 'addClock', 'customer')).toBe(false);
  });

  it('let the customer tip once the service has ended, before the review too (issue #31)', () => {
    const tippable = ORDER_STATUSES.filter((status) =>
      isActionAllowed('homeVisit', status, 'tip', 'customer'),
    );
    expect(tippable).toEqual(['serviceEnded', 'pendingReview', 'completed']);
    expect(allowedActions('homeVisit', 'pendingReview', 'customer')).toContain('tip');
    expect(isActionAllowed('homeVisit', 'pendingReview', 'tip', 'provider')).toBe(false);
    expect(ORDER_STATUSES.filter((status) => isActionAllowed('inStore', status, 'tip', 'customer'))).toEqual([
      'consumed',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { planFor, planForFeedback } from './notification-rules';

const changed = (transition: string, actor: string, from: string, to: string) =>
  planFor('order.statusChanged', { transition, actor, from, to }).map((plan) => [
    plan.to,
    plan.pushType,
    plan.messageKey,
  ]);

describe('who hears what of an order', () => {
  it('never tells the one who made the step', () => {
    expect(changed('cancel', 'customer', 'accepted', 'refunding')).toEqual([['provider', 9, 'cancelled']]);
    expect(changed('giveBack', 'provider', 'accepted', 'reassigning')).toEqual([
      ['customer', 9, 'givenBack'],
    ]);
  });

  it('tells both sides of a staff or system step', () => {
    expect(changed('cancel', 'staff', 'accepted', 'refunding')).toEqual([
      ['customer', 9, 'cancelled'],
      ['provider', 9, 'cancelled'],
    ]);
    expect(changed('autoDecline', 'system', 'waitingAcceptance', 'reassigning')).toEqual([
      ['provider', 12, 'autoDeclinedProvider'],
      ['customer', 12, 'autoDeclinedCustomer'],
    ]);
  });

  it('keeps an unpaid order’s end and an in-store payment from the provider', () => {
    expect(changed('cancel', 'customer', 'pendingPayment', 'cancelled')).toEqual([]);
    expect(changed('pay', 'system', 'pendingPayment', 'toBeUsed')).toEqual([]);
    expect(changed('pay', 'system', 'pendingPayment', 'waitingAcceptance')).toEqual([
      ['provider', 3, 'newOrder'],
    ]);
  });

  it('tells a provider an order was taken from them only when staff took it', () => {
    expect(changed('reassign', 'customer', 'reassigning', 'waitingAcceptance')).toEqual([
      ['newProvider', 3, 'reassignedToYou'],
    ]);
    expect(changed('reassign', 'staff', 'accepted', 'waitingAcceptance')).toEqual([
      ['newProvider', 3, 'reassignedToYou'],
      ['previousProvider', 9, 'reassignedAway'],
      ['customer', 7, 'reassigned'],
    ]);
  });

  it('says nothing of the review wait, and reads the in-place changes and reminders', () => {
    expect(changed('awaitReview', 'system', 'serviceEnded', 'pendingReview')).toEqual([]);
    expect(planFor('order.extraClocksAdded', { count: 2 })).toEqual([
      { to: 'provider', pushType: 7, messageKey: 'extraClocks', params: { count: 2 } },
    ]);
    expect(planFor('order.acceptReminder', { minutesLeft: 1 })).toEqual([
      { to: 'provider', pushType: 3, messageKey: 'acceptReminder', params: { minutesLeft: 1 } },
    ]);
    expect(planFor('order.created', {})).toEqual([]);
  });
});

describe('what customer service tells a customer about their feedback (decision 053)', () => {
  it('names the reply or the status reached, and nothing for an unknown event or status', () => {
    const payload = { feedbackId: 4, customerId: 9 };
    expect(planForFeedback('feedback.replied', { ...payload, status: 'processing' })).toEqual({
      recipientId: 9,
      feedbackId: 4,
      messageKey: 'feedbackReplied',
    });
    expect(planForFeedback('feedback.statusChanged', { ...payload, status: 'handled' })?.messageKey).toBe(
      'feedbackHandled',
    );
    expect(planForFeedback('feedback.statusChanged', { ...payload, status: 'closed' })?.messageKey).toBe(
      'feedbackClosed',
    );
    expect(planForFeedback('feedback.statusChanged', { ...payload, status: 'pending' })).toBeNull();
    expect(planForFeedback('feedback.created', payload)).toBeNull();
    expect(planForFeedback('feedback.replied', { feedbackId: 4 })).toBeNull();
  });
});

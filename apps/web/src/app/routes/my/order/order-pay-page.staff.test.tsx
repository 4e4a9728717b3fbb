// @vitest-environment happy-dom
import { allowedTransitions } from '@sabai/shared/booking/order-transitions';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, STORAGE_KEYS, writeStored } from '../../../../lib/storage';
import desk from '../../../../locales/en/desk.json';
import orders from '../../../../locales/en/orders.json';
import { answerWith, envelope, renderPage } from '../../../../test/render';
import OrderPayPage from './order-pay-page';

/** The order page as customer service sees it: cancelling needs a reason and may waive the fee; the audit trail shows. */
const user = userEvent.setup({ pointerEventsCheck: 0 });

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const order = {
  id: 7,
  orderNumber: 'SB2611250007',
  kind: 'homeVisit',
  status: 'accepted',
  statusCode: 30,
  therapistId: 3,
  storeId: null,
  projectId: 5,
  clocks: 1,
  startsAt: '2026-11-25T03:00:00.000Z',
  endsAt: '2026-11-25T04:00:00.000Z',
  payable: 2500,
  currency: 'USD',
  createdAt: '2026-11-24T01:00:00.000Z',
  labels: {
    therapistName: 'Sokha',
    storeName: null,
    projectName: 'Khmer massage',
    timeZone: 'Asia/Phnom_Penh',
  },
  travelMode: 'tukTuk',
  travelMinutes: 12,
  distanceMetres: 1100,
  address: { detail: 'Street 51', houseNumber: '12B', arrivalNotes: '', lat: 11.56, lng: 104.93 },
  contactName: 'Dara',
  contactPhone: '+85512999888',
  remark: '',
  quote: {
    currency: 'USD',
    unitPrice: 2000,
    clocks: 1,
    service: 2000,
    travelFee: 300,
    managementFee: 200,
    vat: 0,
    coupon: 0,
    total: 2500,
    payable: 2500,
  },
  verificationCode: null,
  urged: false,
  extraClocks: 0,
  adjustments: [],
  settlement: null,
  timeline: [
    {
      from: null,
      to: 'pendingPayment',
      transition: 'create',
      actor: 'customer',
      reason: '',
      at: '2026-11-24T01:00:00.000Z',
    },
  ],
  allowedTransitions: allowedTransitions('homeVisit', 'accepted', 'staff'),
  allowedActions: [],
  providerPosition: null,
  callAttempts: 0,
  noShowAvailableAt: null,
};

function server() {
  return answerWith((method, path) => {
    if (method === 'GET' && path === '/app/orders/7') return envelope(order);
    if (method === 'GET' && path === '/app/orders/7/cancellation')
      return envelope({
        stage: 'afterAcceptance',
        currency: 'USD',
        paid: 2500,
        kept: [{ reason: 'travelFee', keptBy: 'provider', amount: 300 }],
        keptTotal: 300,
        refund: 2200,
        isCouponReturned: false,
      });
    if (method === 'GET' && path === '/app/staff/orders/7/audit')
      return envelope({
        entries: [
          {
            id: 1,
            staffId: 9,
            action: 'reassign',
            reason: 'therapist unwell',
            at: '2026-11-24T02:00:00.000Z',
            before: { status: 30, therapistId: 2 },
            after: { status: 30, therapistId: 3 },
          },
        ],
        flags: [],
      });
    if (method === 'POST' && path === '/app/orders/7/transitions')
      return envelope({ ...order, status: 'refunding' });
    return envelope({ base: 'USD', rates: [] });
  });
}

describe('the order page for customer service', () => {
  it('cancels only with a reason, and waiving the fee refunds everything paid', async () => {
    writeStored(STORAGE_KEYS.token, 'a-session-token');
    writeStored(STORAGE_KEYS.userInfo, { id: 9, nickname: 'Srey', roles: ['customer', 'customer_service'] });
    const fetchMock = server();
    await renderPage(<OrderPayPage />, { route: '/my/order/pay?ordersId=7' });
    const sentCancels = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/transitions'));

    // Customer service reads the order in the third person: no "you", no words addressed to the customer.
    const timeline = await screen.findByRole('region', { name: orders.detail.timeline });
    expect(timeline.textContent).toContain(`· ${orders.timeline.byCustomer}`);
    expect(timeline.textContent).not.toContain(`· ${orders.timeline.by.customer}`);
    expect(screen.queryByText(orders.explain.accepted)).toBeNull();

    // The audit trail: who, what, why, status before → after.
    const audit = await screen.findByRole('region', { name: desk.audit.title });
    await within(audit).findByText('therapist unwell');
    expect(audit.textContent).toContain('Staff member #9');
    expect(audit.textContent).toContain(orders.timeline.reassign);

    await user.click(await screen.findByRole('button', { name: orders.actions.cancel }));
    const dialog = await screen.findByRole('dialog', { name: orders.cancel.title });
    const preview = await within(dialog).findByTestId('cancel-preview');
    expect(within(preview).getByText(orders.cancel.refund).closest('div')?.textContent).toContain('$22.00');

    // No reason: told so, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: orders.cancel.confirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(orders.cancel.staff.reasonMissing);
    expect(sentCancels()).toHaveLength(0);

    // Waiving the fee: nothing kept, all of it refunded.
    await user.click(within(dialog).getByText(orders.cancel.staff.waiveFee));
    expect(within(dialog).getByText(orders.cancel.staff.waived)).toBeTruthy();
    expect(within(preview).getByText(orders.cancel.refund).closest('div')?.textContent).toContain('$25.00');

    await user.type(
      within(dialog).getByRole('textbox', { name: orders.cancel.staff.reason }),
      'customer called',
    );
    await user.click(within(dialog).getByRole('button', { name: orders.cancel.confirm }));
    await waitFor(() => expect(sentCancels()).toHaveLength(1));
    expect(JSON.parse(String(sentCancels()[0]?.[1]?.body))).toEqual({
      transition: 'cancel',
      reason: 'customer called',
      waiveFee: true,
    });
  });
});

// @vitest-environment happy-dom
import type { OrderDetail } from '@sabai/shared/booking/booking.schemas';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../../../lib/i18n';
import en from '../../../locales/en/workbench.json';
import km from '../../../locales/km/workbench.json';
import { answerWith, envelope, renderPage } from '../../../test/render';
import '../workbench-strings';
import { IncomingOrderPopup } from './incoming-order-popup';

/** The popup a provider sees when an order arrives: countdown, reminders, and only what they may see. */
const NOW = Date.parse('2026-11-24T03:00:00Z');

const order = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: 7,
  orderNumber: 'S2026112400000007',
  kind: 'homeVisit',
  status: 'waitingAcceptance',
  statusCode: 20,
  therapistId: 3,
  storeId: null,
  projectId: 11,
  clocks: 1,
  startsAt: '2026-11-24T05:00:00.000Z',
  endsAt: '2026-11-24T06:00:00.000Z',
  payable: 2500,
  currency: 'USD',
  createdAt: '2026-11-24T02:59:00.000Z',
  travelMode: 'tukTuk',
  travelMinutes: 6,
  distanceMetres: 1100,
  // Before acceptance the server sends the rounded position, an initial and no phone.
  address: { lat: 11.57, lng: 104.93 },
  contactName: 'D*',
  contactPhone: '',
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
      at: '2026-11-24T02:59:00.000Z',
    },
    // Paid 30 seconds before "now": the provider's three minutes run from here.
    {
      from: 'pendingPayment',
      to: 'waitingAcceptance',
      transition: 'pay',
      actor: 'system',
      reason: '',
      at: '2026-11-24T02:59:30.000Z',
    },
  ],
  allowedTransitions: ['accept', 'decline'],
  allowedActions: [],
  providerPosition: null,
  callAttempts: 0,
  noShowAvailableAt: null,
  ...overrides,
});

const accepted = order({
  status: 'accepted',
  address: {
    detail: 'Street 240, Daun Penh',
    houseNumber: '12B',
    arrivalNotes: 'Blue gate',
    placeType: 'villa',
    lat: 11.5664,
    lng: 104.9282,
  },
  contactName: 'Dara',
  contactPhone: '+85512345678',
});

function showPopup(shown: OrderDetail, language: 'en' | 'km' = 'en') {
  const handlers = { onAccept: vi.fn(), onDecline: vi.fn(), onLater: vi.fn() };
  // The only request: the display rates for the earnings (none: shown in the order's currency).
  answerWith(() => envelope({ rates: [] }));
  return renderPage(
    <IncomingOrderPopup
      order={shown}
      projectName="Khmer massage"
      timeZone="Asia/Phnom_Penh"
      platformShareBasisPoints={2000}
      timing={{ autoDeclineMinutes: 3, acceptReminderMinutes: [1, 2] }}
      isBusy={false}
      {...handlers}
    />,
    { language },
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the incoming order popup', () => {
  it('counts down to the automatic decline, reminds at 1 and 2 minutes, then closes the answer', async () => {
    await showPopup(order());
    expect(screen.getByRole('timer').textContent).toBe('Auto-declines in 2:30');
    expect(screen.queryByRole('alert')).toBeNull();

    await tick(31_000); // 61 s since it began waiting: the first reminder.
    expect(screen.getByRole('alert').textContent).toBe('Reminder: please answer, 1:59 left');
    await tick(60_000); // the second reminder, still visible with the time left.
    expect(screen.getByRole('alert').textContent).toBe('Reminder: please answer, 0:59 left');

    await tick(60_000); // past three minutes: the server declines it; the buttons no longer answer.
    expect(screen.getByRole('timer').textContent).toBe(en.popup.timeUp);
    expect(screen.getByRole('button', { name: en.popup.accept }).hasAttribute('disabled')).toBe(true);
  });

  it('shows before acceptance only the area, project, time and a masked name: no address, no phone', async () => {
    await showPopup(order());
    const dialog = screen.getByRole('dialog', { name: en.popup.title });
    expect(dialog.textContent).toContain('Khmer massage');
    expect(dialog.textContent).toContain('12:00–13:00'); // 05:00Z on Phnom Penh's clock
    expect(dialog.textContent).toContain('D*');
    expect(dialog.textContent).toContain(en.card.hiddenUntilAccepted);
    // What the therapist earns (issue #31): the $20.00 service less the platform's 20 % share, plus
    // the $3.00 travel fee; not the $23.00 of service and travel, nor the customer's $25.00.
    expect(dialog.textContent).toContain('$19.00');
    expect(dialog.textContent).toContain("after the platform's 20% share");
    expect(dialog.textContent).not.toContain('$23.00');
    expect(dialog.querySelector('a[href^="tel:"]')).toBeNull();
    expect(dialog.textContent).not.toContain('Street');
  });

  it('shows the exact address, house number and a phone to call once accepted', async () => {
    await showPopup(accepted);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Street 240, Daun Penh');
    expect(dialog.textContent).toContain('12B');
    expect(dialog.textContent).toContain('Blue gate');
    expect(dialog.querySelector('a[href="tel:+85512345678"]')).not.toBeNull();
    expect(dialog.textContent).not.toContain(en.card.hiddenUntilAccepted);
  });

  it('speaks Khmer', async () => {
    await changeLanguage('km');
    await i18n.loadNamespaces('workbench');
    await showPopup(order(), 'km');
    expect(screen.getByRole('dialog', { name: km.popup.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: km.popup.accept })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe(km.popup.countdown.replace('{{time}}', '2:30'));
  });
});

import { ERROR_CODES } from '@sabai/shared/error-codes';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addressBody,
  BOOKING_NOW,
  createCity,
  createProject,
  createTherapist,
} from '../../../test/booking-fixtures';
import { call, registerUser } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { fixedClock } from '../../lib/clock';

const clock = fixedClock(BOOKING_NOW);
const { app, database } = await createTestApp({ clock, config: { PAYMENTS_DEV_CONFIRM: 'true' } });
const { app: plainApp } = await createTestApp({ clock });

let customerToken = '';
let orderId = 0;

beforeAll(async () => {
  const city = await createCity(database);
  const project = await createProject(database, city.id);
  const therapist = await createTherapist(app, database, { cityId: city.id, projectId: project.id });
  const customer = await registerUser(app);
  customerToken = customer.token;
  const address = await call(app, {
    method: 'POST',
    url: '/app/addresses',
    token: customerToken,
    payload: addressBody(),
  });
  const booked = await call(app, {
    method: 'POST',
    url: '/app/orders/home-visit',
    token: customerToken,
    payload: {
      therapistId: therapist.therapistId,
      projectId: project.id,
      clocks: 1,
      // 25 November 2026, 10:00 in Phnom Penh.
      startsAt: new Date(Date.UTC(2026, 10, 25, 3, 0)).toISOString(),
      addressId: address.json().data.id,
      travelMode: 'tukTuk',
      remark: '',
      agreeTerms: true,
    },
  });
  expect(booked.json().code).toBe(0);
  orderId = booked.json().data.id;
});

const statusOf = async () =>
  (await call(app, { method: 'GET', url: `/app/orders/${orderId}`, token: customerToken })).json().data
    .status;

describe('development payment confirmation', () => {
  it('is not there unless PAYMENTS_DEV_CONFIRM is set', async () => {
    const response = await plainApp.inject({ method: 'POST', url: `/app/dev/payments/${orderId}/confirm` });
    expect(response.statusCode).toBe(404);
  });

  it('refuses a caller from another machine and changes nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/app/dev/payments/${orderId}/confirm`,
      remoteAddress: '203.0.113.9',
    });
    expect(response.json().code).toBe(ERROR_CODES.devToolLocalOnly.code);
    expect(await statusOf()).toBe('pendingPayment');
  });

  it('takes a pending order to waiting for acceptance, as the payment webhook will', async () => {
    expect(await statusOf()).toBe('pendingPayment');
    const response = await app.inject({ method: 'POST', url: `/app/dev/payments/${orderId}/confirm` });
    expect(response.json()).toMatchObject({ code: 0 });
    expect(await statusOf()).toBe('waitingAcceptance');
    // A second confirmation (a webhook retried) changes nothing.
    await app.inject({ method: 'POST', url: `/app/dev/payments/${orderId}/confirm` });
    expect(await statusOf()).toBe('waitingAcceptance');
  });
});

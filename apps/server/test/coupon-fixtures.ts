import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { addressBody, createTherapist } from './booking-fixtures';
import { adminToken, call, type registerUser } from './identity-helpers';
import { placeOf } from './payment-fixtures';

type Session = Awaited<ReturnType<typeof registerUser>>;

/** A redeem-code batch made by an administrator through the API; answers its codes. */
export async function couponBatch(
  app: FastifyInstance,
  database: Database,
  overrides: Record<string, unknown> = {},
): Promise<string[]> {
  const token = await adminToken(app, database);
  const response = await call(app, {
    method: 'POST',
    url: '/app/staff/coupon-batches',
    token,
    headers: { 'idempotency-key': `batch-${Math.random()}` },
    payload: {
      kind: 'amount',
      amount: 500,
      currency: 'USD',
      minimumAmount: 0,
      validFrom: '2026-11-01T00:00:00Z',
      validUntil: '2026-12-31T00:00:00Z',
      count: 1,
      reason: 'Launch campaign',
      ...overrides,
    },
  });
  if (response.json().code !== 0) throw new Error(`batch failed: ${response.body}`);
  return response.json().data.codes;
}

export const redeem = (app: FastifyInstance, token: string, code: string, key = `redeem-${Math.random()}`) =>
  call(app, {
    method: 'POST',
    url: '/app/coupons/redeem',
    token,
    headers: { 'idempotency-key': key },
    payload: { code },
  });

/** A coupon of the customer's own, redeemed from a fresh batch; answers its id. */
export async function couponOf(
  app: FastifyInstance,
  database: Database,
  customer: Session,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const [code] = await couponBatch(app, database, overrides);
  const response = await redeem(app, customer.token, code as string);
  if (response.json().code !== 0) throw new Error(`redeem failed: ${response.body}`);
  return response.json().data.id;
}

/** A home-visit body for a fresh therapist of the shared city (so every booking has a free slot). */
export async function homeVisitBody(app: FastifyInstance, database: Database, customer: Session) {
  const { city, project } = await placeOf(database);
  const therapist = await createTherapist(app, database, { cityId: city.id, projectId: project.id });
  const address = await call(app, {
    method: 'POST',
    url: '/app/addresses',
    token: customer.token,
    payload: addressBody(),
  });
  return {
    therapist,
    city,
    project,
    body: {
      therapistId: therapist.therapistId,
      projectId: project.id,
      clocks: 1,
      // 25 November 2026, 10:00 in Phnom Penh.
      startsAt: new Date(Date.UTC(2026, 10, 25, 3, 0)).toISOString(),
      addressId: address.json().data.id as number,
      travelMode: 'tukTuk',
      remark: '',
      agreeTerms: true,
    },
  };
}

export const quoteHomeVisit = (app: FastifyInstance, token: string, body: Record<string, unknown>) =>
  call(app, { method: 'POST', url: '/app/orders/home-visit/quote', token, payload: body });
export const bookHomeVisit = (app: FastifyInstance, token: string, body: Record<string, unknown>) =>
  call(app, { method: 'POST', url: '/app/orders/home-visit', token, payload: body });

import { personPageSchema } from '@sabai/shared/catalog/catalog.schemas';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser } from '../../test/identity-helpers';
import { createTestApp } from '../../test/test-app';
import { seedCatalogDemo } from './catalog-demo';
import { DEMO_SUPPORT_LOGIN, DEMO_THERAPIST_LOGIN, seedIdentityDemo, seedSupportDemo } from './identity-demo';
import { seedDemoData } from './platform-demo';

const { app, database } = await createTestApp();

beforeAll(async () => {
  await seedDemoData(database.db);
  await seedCatalogDemo(database.db);
  expect(await seedIdentityDemo(database.db)).toBe(true);
});

describe('demo therapist login', () => {
  it('logs in with the documented phone and password and sees its visitors and fans', async () => {
    const login = await call(app, {
      method: 'POST',
      url: '/app/auth/login/password',
      payload: {
        areaCode: DEMO_THERAPIST_LOGIN.areaCode,
        phone: DEMO_THERAPIST_LOGIN.phone,
        password: DEMO_THERAPIST_LOGIN.password,
      },
    });
    const session = login.json();
    expect(session.code).toBe(0);
    expect(session.data.user.roles).toEqual(expect.arrayContaining(['customer', 'provider']));
    const token = session.data.token as string;

    const visitors = (await call(app, { method: 'GET', url: '/app/me/visitors', token })).json();
    expect(visitors.code).toBe(0);
    const visitorPage = personPageSchema.parse(visitors.data);
    expect(visitorPage.items.length).toBeGreaterThanOrEqual(5);
    const times = visitorPage.items.map((v) => Date.parse(v.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const fans = (await call(app, { method: 'GET', url: '/app/me/fans', token })).json();
    expect(fans.code).toBe(0);
    expect(personPageSchema.parse(fans.data).items.length).toBeGreaterThanOrEqual(3);
  });

  it('runs once, and a customer without a therapist profile still cannot see those pages', async () => {
    expect(await seedIdentityDemo(database.db)).toBe(false);
    const { token } = await registerUser(app);
    const visitors = (await call(app, { method: 'GET', url: '/app/me/visitors', token })).json();
    expect(visitors.code).toBe(ERROR_CODES.forbidden.code);
  });
});

describe('demo customer-service login', () => {
  it('logs in with the documented phone and password and bans and un-bans a customer through the staff route', async () => {
    expect(await seedSupportDemo(database.db)).toBe(true);
    expect(await seedSupportDemo(database.db)).toBe(false);
    const login = (
      await call(app, {
        method: 'POST',
        url: '/app/auth/login/password',
        payload: {
          areaCode: DEMO_SUPPORT_LOGIN.areaCode,
          phone: DEMO_SUPPORT_LOGIN.phone,
          password: DEMO_SUPPORT_LOGIN.password,
        },
      })
    ).json();
    expect(login.code).toBe(0);
    expect(login.data.user.roles).toEqual(expect.arrayContaining(['customer_service']));
    const staffToken = login.data.token as string;

    const customer = await registerUser(app);
    const ban = (
      await call(app, {
        method: 'POST',
        url: `/app/admin/users/${customer.user.id}/ban`,
        token: staffToken,
        payload: { banned: true },
      })
    ).json();
    expect(ban.code).toBe(0);
    expect(ban.data.status).toBe(2);
    const asBanned = (
      await call(app, { method: 'GET', url: '/app/user/selectUserById', token: customer.token })
    ).json();
    expect(asBanned.code).toBe(ERROR_CODES.accountBanned.code);

    // Staff powers stop at customer service: granting roles is the admin's.
    const grant = (
      await call(app, {
        method: 'POST',
        url: `/app/admin/users/${customer.user.id}/roles`,
        token: staffToken,
        payload: { role: 'admin', granted: true },
      })
    ).json();
    expect(grant.code).toBe(ERROR_CODES.forbidden.code);
  });
});

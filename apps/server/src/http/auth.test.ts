import { ROLES, type Role } from '@sabai/shared/identity/identity.schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminToken, call, registerUser } from '../../test/identity-helpers';
import { createTestApp } from '../../test/test-app';
import { userRoles } from '../db/schema';
import type { Access, RouteAccess } from './auth';

const { app, database } = await createTestApp({
  extend(app) {
    app.get('/app/test/undeclared', async () => ({ code: 0, msg: 'ok', data: 'leaked' }));
    app.get('/app/test/guest', { config: { access: 'guest' } }, async (request) => ({
      code: 0,
      msg: 'ok',
      data: { deviceId: request.deviceId, userId: request.user?.id ?? null },
    }));
    // Stands for a role-restricted route added tomorrow: the role test must cover it unasked.
    app.post('/app/test/promoters-only', { config: { access: ['promoter'] } }, async () => ({
      code: 0,
      msg: 'ok',
      data: null,
    }));
  },
});

const apiRoutes = app.routeAccess.filter(
  (route) => route.url.startsWith('/app/') && !route.url.startsWith('/app/test/'),
);
const isProtected = (route: RouteAccess) => route.access !== 'public';
/**
 * A concrete URL for a route pattern: every parameter becomes a number no row has (so a handler that
 * is reached answers "not found" or a validation error, never a business refusal), a wildcard a file name.
 */
const concrete = (url: string) => url.replace(/:\w+/g, '987654321').replace('*', 'x.webp');

/** A new account holding exactly `role` (set in the database before its token is first used). */
async function tokenHolding(role: Role): Promise<string> {
  const { token, user } = await registerUser(app);
  await database.db.delete(userRoles).where(eq(userRoles.userId, user.id));
  await database.db.insert(userRoles).values({ userId: user.id, role });
  return token;
}

function inject(target: FastifyInstance, route: RouteAccess, headers: Record<string, string>) {
  return target.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe('route access', () => {
  it('every /app route declares who may call it', () => {
    expect(apiRoutes.length).toBeGreaterThan(15);
    const undeclared = apiRoutes.filter((route) => route.access === undefined);
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    for (const route of apiRoutes) {
      const access = route.access as Access;
      const valid =
        access === 'public' ||
        access === 'guest' ||
        access === 'user' ||
        (Array.isArray(access) &&
          access.length > 0 &&
          access.every((role) => (ROLES as readonly string[]).includes(role)));
      expect(valid, `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('refuses a route that declares nothing (fails closed)', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/test/undeclared' });
    expect(response.json()).toMatchObject({ code: 403, data: null });
  });

  it('keeps the spec endpoints public or protected as intended', () => {
    const accessOf = (method: string, url: string) =>
      apiRoutes.find((route) => route.method === method && route.url === url)?.access;
    expect(accessOf('GET', '/app/Login/countryCode')).toBe('public');
    expect(accessOf('GET', '/app/user/selectUserById')).toBe('user');
    expect(accessOf('POST', '/app/Login/reNewToken')).toBe('user');
    expect(accessOf('POST', '/app/admin/users/:userId/roles')).toEqual(['admin']);
  });

  it('refuses a caller with no token on every protected route with 401', async () => {
    const refused: string[] = [];
    for (const route of apiRoutes.filter(isProtected)) {
      const response = await inject(app, route, {});
      if (response.json().code !== 401) refused.push(`${route.method} ${route.url} → ${response.body}`);
    }
    expect(refused).toEqual([]);
  });

  it('refuses a guest (device id only) and a forged token on every route needing an account', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes.filter((r) => isProtected(r) && r.access !== 'guest')) {
      for (const headers of [{ deviceId: 'device-abcdef' }, { token: 'f'.repeat(43) }] as Record<
        string,
        string
      >[]) {
        const response = await inject(app, route, headers);
        if (response.json().code !== 401)
          wrong.push(`${route.method} ${route.url} ${JSON.stringify(headers)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every role a role-restricted route does not name with 403, and lets the named ones through', async () => {
    // Read from the route table, so a role-restricted route added later is covered without editing
    // this test (the stand-in /app/test/promoters-only proves it).
    const restricted = app.routeAccess.filter(
      (route) => route.url.startsWith('/app/') && Array.isArray(route.access),
    );
    const names = restricted.map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /app/admin/users/:userId/roles',
        'POST /app/admin/users/:userId/ban',
        'POST /app/test/promoters-only',
      ]),
    );
    const tokens = new Map<Role, string>();
    for (const role of ROLES) tokens.set(role, await tokenHolding(role));

    const wrong: string[] = [];
    for (const route of restricted) {
      const allowed = route.access as readonly Role[];
      for (const role of ROLES) {
        const response = await inject(app, route, { token: tokens.get(role) ?? '' });
        const code = response.json().code;
        const isRefused = code === 403;
        if (allowed.includes(role) ? isRefused || code === 401 : !isRefused) {
          wrong.push(`${route.method} ${route.url} as ${role} → ${response.body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets only an admin grant roles: customer service is refused', async () => {
    const target = await registerUser(app);
    const grant = (token: string) =>
      call(app, {
        method: 'POST',
        url: `/app/admin/users/${target.user.id}/roles`,
        token,
        payload: { role: 'merchant', granted: true },
      });
    const rolesOfTarget = async () =>
      (await database.db.select().from(userRoles).where(eq(userRoles.userId, target.user.id)))
        .map((row) => row.role)
        .sort();

    const refused = await grant(await tokenHolding('customer_service'));
    expect(refused.json()).toMatchObject({ code: 403, data: null });
    expect(await rolesOfTarget()).toEqual(['customer']);

    const granted = await grant(await adminToken(app, database));
    expect(granted.json()).toMatchObject({ code: 0, data: { id: target.user.id } });
    expect(await rolesOfTarget()).toEqual(['customer', 'merchant']);
  });

  it('lets a public route through with a stale token, as a guest', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/app/Login/countryCode',
      headers: { token: 'g'.repeat(43) },
    });
    expect(response.json().code).toBe(0);
  });

  it("lets 'guest' routes through with a device id or a session, and refuses anonymous callers", async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/app/test/guest' });
    expect(anonymous.json().code).toBe(401);
    const malformed = await app.inject({ method: 'GET', url: '/app/test/guest', headers: { deviceId: 'x' } });
    expect(malformed.json().code).toBe(401);
    const guest = await app.inject({
      method: 'GET',
      url: '/app/test/guest',
      headers: { deviceId: 'device-123456' },
    });
    expect(guest.json()).toMatchObject({ code: 0, data: { deviceId: 'device-123456', userId: null } });
    const { token, user } = await registerUser(app);
    const member = await app.inject({ method: 'GET', url: '/app/test/guest', headers: { token } });
    expect(member.json()).toMatchObject({ code: 0, data: { userId: user.id } });
  });
});

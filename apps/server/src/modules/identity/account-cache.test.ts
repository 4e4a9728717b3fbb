import { ERROR_CODES } from '@sabai/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { call, grantRoles, registerUser } from '../../../test/identity-helpers';
import { createTestApp, openTestDatabase } from '../../../test/test-app';
import { createLocalEventBus } from '../realtime';
import { ACCOUNT_CACHE_TTL_MS, createAccountCache } from './account-cache';

// Two server processes on one database, their caches linked by the event bus (Redis in production).
const database = await openTestDatabase();
const bus = createLocalEventBus();
const { app: first } = await createTestApp({ database, bus });
const { app: second } = await createTestApp({ database, bus });
const me = (app: typeof first, token: string) =>
  call(app, { method: 'GET', url: '/app/user/selectUserById', token });

describe('account cache across processes', () => {
  it('a logout on one process ends the session on the other at once', async () => {
    const { token } = await registerUser(first);
    expect((await me(second, token)).json().code).toBe(0);
    expect((await me(second, token)).json().code).toBe(0);
    await call(first, { method: 'POST', url: '/app/auth/logout', token });
    expect((await me(second, token)).json().code).toBe(401);
  });

  it('a ban and a nickname change reach the other process', async () => {
    const staff = await registerUser(first);
    await grantRoles(first, database, staff.user.id, ['customer_service']);
    const target = await registerUser(first);
    expect((await me(second, target.token)).json().data.nickname).toBe(target.user.nickname);
    await call(first, {
      method: 'POST',
      url: '/app/users/me',
      token: target.token,
      payload: { nickname: 'Dara' },
    });
    expect((await me(second, target.token)).json().data.nickname).toBe('Dara');
    await call(first, {
      method: 'POST',
      url: `/app/admin/users/${target.user.id}/ban`,
      token: staff.token,
      payload: { banned: true },
    });
    expect((await me(second, target.token)).json().code).toBe(ERROR_CODES.accountBanned.code);
  });
});

describe('createAccountCache', () => {
  const session = {
    id: 1,
    userId: 7,
    authenticatedAt: new Date(),
    lastUsedAt: new Date(),
    expiresAt: new Date(),
    revokedAt: null,
    revokeReason: null,
  };

  it('forgets entries after the TTL', () => {
    let now = 1_000;
    const cache = createAccountCache({ now: () => now });
    cache.setSession('h', session, cache.readEpoch());
    expect(cache.getSession('h')).toEqual(session);
    now += ACCOUNT_CACHE_TTL_MS + 1;
    expect(cache.getSession('h')).toBeUndefined();
  });

  it('does not keep what a read saw when the user changed while it ran', () => {
    const cache = createAccountCache({});
    const readEpoch = cache.readEpoch();
    cache.invalidate([7]);
    cache.setSession('h', session, readEpoch);
    expect(cache.getSession('h')).toBeUndefined();
    cache.setSession('h', session, cache.readEpoch());
    expect(cache.getSession('h')).toEqual(session);
  });
});

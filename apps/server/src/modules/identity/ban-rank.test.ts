import { ROLES, type Role } from '@sabai/shared/identity/identity.schemas';
import { describe, expect, it } from 'vitest';
import { call, grantRoles, registerUser } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { fixedClock } from '../../lib/clock';
import { roleRank } from './role-rank';

const { app, database } = await createTestApp({ clock: fixedClock(new Date()) });

/** One account per role (every account is also a customer, as registration makes it). */
async function accountsByRole() {
  const accounts = new Map<Role, { id: number; token: string }>();
  for (const role of ROLES) {
    const session = await registerUser(app);
    if (role !== 'customer') await grantRoles(app, database, session.user.id, [role]);
    accounts.set(role, { id: session.user.id, token: session.token });
  }
  return accounts;
}

const setBanned = (token: string, userId: number, banned: boolean) =>
  call(app, { method: 'POST', url: `/app/admin/users/${userId}/ban`, token, payload: { banned } });

describe('who may ban whom', () => {
  it('ranks admin above customer service above everyone else', () => {
    expect(roleRank(['customer', 'admin'])).toBeGreaterThan(roleRank(['customer_service']));
    expect(roleRank(['customer_service', 'customer'])).toBeGreaterThan(roleRank(['merchant', 'provider']));
    for (const role of ['customer', 'provider', 'merchant', 'channel_partner', 'promoter'] as const) {
      expect(roleRank([role])).toBe(roleRank([]));
    }
  });

  it('lets staff ban and unban only accounts ranked strictly below them, for every pair of roles', async () => {
    const actors = await accountsByRole();
    const targets = await accountsByRole();
    const wrong: string[] = [];
    for (const actorRole of ROLES) {
      for (const targetRole of ROLES) {
        const actor = actors.get(actorRole);
        const target = targets.get(targetRole);
        if (!actor || !target) throw new Error('missing account');
        // Every account also holds 'customer', so its highest rank is its granted role's.
        const mayAct = roleRank([actorRole]) > roleRank([targetRole]);
        const ban = (await setBanned(actor.token, target.id, true)).json();
        const unban = (await setBanned(actor.token, target.id, false)).json();
        const outcome = `${actorRole} → ${targetRole}: ban ${ban.code}, unban ${unban.code}`;
        if (
          mayAct
            ? ban.code !== 0 || ban.data.status !== 2 || unban.code !== 0
            : ban.code !== 403 || unban.code !== 403
        ) {
          wrong.push(outcome);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets nobody ban themselves, an admin included', async () => {
    const admin = await registerUser(app);
    await grantRoles(app, database, admin.user.id, ['admin']);
    expect((await setBanned(admin.token, admin.user.id, true)).json().code).toBe(403);
  });

  it('ranks an account by its highest role: customer service cannot ban one that is also an admin', async () => {
    const staff = await registerUser(app);
    await grantRoles(app, database, staff.user.id, ['customer_service']);
    const both = await registerUser(app);
    await grantRoles(app, database, both.user.id, ['customer_service', 'admin']);
    expect((await setBanned(staff.token, both.user.id, true)).json().code).toBe(403);
  });
});

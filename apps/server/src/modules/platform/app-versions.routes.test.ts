import { appVersionRecordSchema } from '@sabai/shared/platform/platform.schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, grantRoles, registerUser } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { appVersionAudit, appVersions } from '../../db/schema';

/** Staff publish and withdraw app versions (issue #16 item 6, decision 055); clients read them. */
const { app, database } = await createTestApp();
const support = await registerUser(app);
await grantRoles(app, database, support.user.id, ['customer_service']);
const customer = await registerUser(app);

const publish = (payload: Record<string, unknown>, token = support.token, lang = 'en-US') =>
  call(app, { method: 'POST', url: '/app/staff/app-versions', token, payload, headers: { lang } });
const latest = async (classify: number) =>
  (await call(app, { method: 'GET', url: `/app/user/selectNewApp?classify=${classify}` })).json().data as {
    id: number;
    version: string;
    method: string;
  }[];
const rowsOf = (classify: number) =>
  database.db.select().from(appVersions).where(eq(appVersions.classify, classify));

describe('POST /app/staff/app-versions', () => {
  it('publishes a forced version that the upgrade check then answers first, with an audit row', async () => {
    const first = await publish({ classify: 11, version: '2.6.82', des: 'Bug fixes' });
    expect(first.json().code).toBe(0);
    const forced = await publish({ classify: 11, version: '2.7.0', method: 'true', des: 'Required' });
    const record = appVersionRecordSchema.parse(forced.json().data);
    expect(record).toMatchObject({ classify: 11, version: '2.7.0', method: 'true', des: 'Required' });

    expect((await latest(11)).map((r) => [r.version, r.method])).toEqual([
      ['2.7.0', 'true'],
      ['2.6.82', 'false'],
    ]);
    const audit = await call(app, {
      method: 'GET',
      url: `/app/staff/app-versions/${record.id}/audit`,
      token: support.token,
    });
    expect(audit.json().data).toEqual([
      expect.objectContaining({
        action: 'publish',
        staffId: support.user.id,
        before: null,
        after: expect.objectContaining({ version: '2.7.0', method: 'true' }),
      }),
    ]);
  });

  it('refuses a version that is not newer than the newest published (dotted-numerically), storing nothing', async () => {
    expect((await publish({ classify: 12, version: '2.6.10' })).json().code).toBe(0);
    for (const version of ['2.6.9', '2.6.10', '2.6.010', '1.99.99']) {
      const response = await publish({ classify: 12, version }, support.token, 'vi-VN');
      expect(response.json()).toMatchObject({ code: 6050, data: null });
      expect(response.json().msg).toContain('2.6.10');
    }
    expect((await publish({ classify: 12, version: '2.6.11' })).json().code).toBe(0);
    expect((await rowsOf(12)).map((r) => r.version).sort()).toEqual(['2.6.10', '2.6.11']);
  });

  it('refuses bad input with a localised validation error and stores nothing', async () => {
    const bad = [
      { classify: 13, version: 'v2.7' },
      { classify: 13, version: '2.7.0-beta' },
      { classify: 13, version: '' },
      { classify: 13, version: '2.7.0', method: 'yes' },
      { classify: 0, version: '2.7.0' },
      { classify: 13, version: '2.7.0', androidWgtUrl: 'http://insecure.example/app.apk' },
      { classify: 13, version: '2.7.0', iosWgtUrl: 'javascript:alert(1)' },
      { classify: 13, version: '2.7.0', des: 'x'.repeat(1001) },
      { version: '2.7.0' },
    ];
    for (const payload of bad) {
      const response = await publish(payload, support.token, 'th-TH');
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe(1000);
    }
    expect(await rowsOf(13)).toEqual([]);
  });

  it('answers a customer as forbidden and a guest as not logged in', async () => {
    expect((await publish({ classify: 14, version: '9.0.0' }, customer.token)).json().code).toBe(403);
    const guest = await call(app, {
      method: 'POST',
      url: '/app/staff/app-versions',
      payload: { classify: 14, version: '9.0.0' },
    });
    expect(guest.json().code).toBe(401);
    expect(await rowsOf(14)).toEqual([]);
  });
});

describe('POST /app/staff/app-versions/:id/withdraw', () => {
  it('withdraws a forced version published by mistake: clients stop being offered it; audited with the reason', async () => {
    await publish({ classify: 15, version: '3.0.0' });
    const mistake = (await publish({ classify: 15, version: '3.1.0', method: 'true' })).json().data;
    const response = await call(app, {
      method: 'POST',
      url: `/app/staff/app-versions/${mistake.id}/withdraw`,
      token: support.token,
      payload: { reason: 'Published to the wrong variant' },
    });
    expect(response.json().code).toBe(0);
    expect((await latest(15)).map((r) => r.version)).toEqual(['3.0.0']);

    const again = await call(app, {
      method: 'POST',
      url: `/app/staff/app-versions/${mistake.id}/withdraw`,
      token: support.token,
      payload: { reason: 'twice' },
    });
    expect(again.json().code).toBe(6051);

    // The withdrawn number is not reused for other code.
    expect((await publish({ classify: 15, version: '3.1.0' })).json().code).toBe(6050);

    const trail = await database.db
      .select()
      .from(appVersionAudit)
      .where(eq(appVersionAudit.versionId, mistake.id));
    expect(trail.map((row) => [row.action, row.reason])).toEqual([
      ['publish', ''],
      ['withdraw', 'Published to the wrong variant'],
    ]);
    expect(trail[1]?.before).toMatchObject({ withdrawnAt: null });
    expect(trail[1]?.after).toMatchObject({ withdrawnAt: expect.any(String) });
  });

  it('answers an unknown id as not found, a blank reason as invalid, and a customer as forbidden', async () => {
    const unknown = await call(app, {
      method: 'POST',
      url: '/app/staff/app-versions/999999/withdraw',
      token: support.token,
      payload: { reason: 'gone' },
    });
    expect(unknown.json().code).toBe(404);
    const version = (await publish({ classify: 16, version: '1.0.0' })).json().data;
    const blank = await call(app, {
      method: 'POST',
      url: `/app/staff/app-versions/${version.id}/withdraw`,
      token: support.token,
      payload: { reason: '   ' },
    });
    expect(blank.json().code).toBe(1000);
    const byCustomer = await call(app, {
      method: 'POST',
      url: `/app/staff/app-versions/${version.id}/withdraw`,
      token: customer.token,
      payload: { reason: 'mine now' },
    });
    expect(byCustomer.json().code).toBe(403);
    expect((await latest(16)).map((r) => r.version)).toEqual(['1.0.0']);
    const audit = await call(app, {
      method: 'GET',
      url: '/app/staff/app-versions/999999/audit',
      token: support.token,
    });
    expect(audit.json().code).toBe(404);
  });
});

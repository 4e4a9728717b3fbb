import {
  appVersionRecordSchema,
  MAP_TILES_CONFIG_TYPE,
  mapTilesConfigValueSchema,
  membershipConfigValueSchema,
} from '@sabai/shared/platform/platform.schemas';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { appVersions } from '../../db/schema';
import { seedDemoData } from '../../demo';

// Reference data only: every test here reads it, none changes it. Tests that write build their own.
const { app, database } = await createTestApp();

describe('GET /app/common/type/:type', () => {
  it('answers the membership switch as a JSON string in data.value', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/common/type/3099' });
    const body = response.json();
    expect(body.code).toBe(0);
    expect(body.data.type).toBe(3099);
    expect(membershipConfigValueSchema.parse(JSON.parse(body.data.value))).toEqual({
      isOpen: false,
      link: '/my/vip',
    });
  });

  it('answers the map tiles (URL template, datum, attribution) so they can change at run time', async () => {
    const response = await app.inject({ method: 'GET', url: `/app/common/type/${MAP_TILES_CONFIG_TYPE}` });
    const body = response.json();
    expect(body.code).toBe(0);
    const value = mapTilesConfigValueSchema.parse(JSON.parse(body.data.value));
    expect(value.tileUrl).toMatch(/\{z\}.*\{x\}.*\{y\}/);
    expect(value.datum).toBe('wgs84');
  });

  it('answers an unknown type with the not-found code', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/app/common/type/4242',
      headers: { lang: 'km-KH' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 404, msg: 'យើងរកមិនឃើញអ្វីដែលអ្នកកំពុងស្វែងរកទេ។', data: null });
  });

  it('refuses a type that is not a number', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/common/type/abc' });
    expect(response.json().code).toBe(1000);
  });
});

describe('demo data', async () => {
  // Its own database: loading demo data changes rows the other tests read in their reference state.
  const { app: demo, database: demoDatabase } = await createTestApp();

  it('loads once per database, opens the membership entry and publishes app versions', async () => {
    expect(await seedDemoData(demoDatabase.db)).toBe(true);
    expect(await seedDemoData(demoDatabase.db)).toBe(false);
    const config = await demo.inject({ method: 'GET', url: '/app/common/type/3099' });
    expect(JSON.parse(config.json().data.value).isOpen).toBe(true);
    const versions = await demo.inject({ method: 'GET', url: '/app/user/selectNewApp?classify=1' });
    expect(versions.json().data.map((r: { version: string }) => r.version)).toEqual(['2.6.82', '2.6.81']);
  });
});

describe('GET /app/user/selectNewApp', () => {
  it('lists version records newest first with the spec fields', async () => {
    // A variant of its own, the newest inserted first, so the order comes from publishedAt alone.
    await database.db.insert(appVersions).values([
      { classify: 41, version: '3.1.0', isForced: true, publishedAt: new Date('2026-10-15T00:00:00Z') },
      { classify: 41, version: '3.0.9', description: 'Older', publishedAt: new Date('2026-09-01T00:00:00Z') },
      { classify: 42, version: '9.9.9', publishedAt: new Date('2026-11-01T00:00:00Z') },
    ]);
    const response = await app.inject({ method: 'GET', url: '/app/user/selectNewApp?classify=41' });
    const body = response.json();
    expect(body.code).toBe(0);
    const records = body.data.map((record: unknown) => appVersionRecordSchema.parse(record));
    expect(records.map((r: { version: string }) => r.version)).toEqual(['3.1.0', '3.0.9']);
    expect(records[0]).toMatchObject({ method: 'true', hwWgtUrl: '', iosVersion: '', androidWgtUrl: '' });
    expect(records[1]).toMatchObject({ method: 'false', des: 'Older' });
    expect(Object.keys(body.data[0])).toEqual(
      expect.arrayContaining([
        'hwWgtUrl',
        'hwVersion',
        'iosWgtUrl',
        'iosVersion',
        'androidWgtUrl',
        'version',
        'method',
        'des',
      ]),
    );
  });

  it('answers an empty list for a variant with no releases', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/user/selectNewApp?classify=3' });
    expect(response.json()).toMatchObject({ code: 0, data: [] });
  });
});

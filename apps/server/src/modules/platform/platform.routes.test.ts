import { appVersionRecordSchema, membershipConfigValueSchema } from '@sabai/shared/platform/platform.schemas';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { seedDemoData } from '../../db/seed/demo';

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

describe('demo data', () => {
  it('loads once per database and opens the membership entry', async () => {
    expect(await seedDemoData(database.db)).toBe(true);
    expect(await seedDemoData(database.db)).toBe(false);
    const config = await app.inject({ method: 'GET', url: '/app/common/type/3099' });
    expect(JSON.parse(config.json().data.value).isOpen).toBe(true);
  });
});

describe('GET /app/user/selectNewApp', () => {
  it('lists version records newest first with the spec fields', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/user/selectNewApp?classify=1' });
    const body = response.json();
    expect(body.code).toBe(0);
    const records = body.data.map((record: unknown) => appVersionRecordSchema.parse(record));
    expect(records.map((r: { version: string }) => r.version)).toEqual(['2.6.82', '2.6.81']);
    expect(records[0]).toMatchObject({ method: 'false', hwWgtUrl: '', iosVersion: '', androidWgtUrl: '' });
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

import { countryCodeListSchema } from '@sabai/shared/geo/geo.schemas';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';

const { app } = await createTestApp();

describe('GET /app/Login/countryCode', () => {
  it('lists the region countries with dialling codes, Cambodia first', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/Login/countryCode' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(0);
    const list = countryCodeListSchema.parse(body.data);
    const codes = Object.fromEntries(list.map((c) => [c.iso2, c.areaCode]));
    expect(codes).toMatchObject({
      KH: '855',
      CN: '86',
      TH: '66',
      VN: '84',
      US: '1',
      LA: '856',
      MM: '95',
      MY: '60',
    });
    expect(list[0]).toEqual({
      countryId: expect.any(Number),
      iso2: 'KH',
      name: 'Cambodia',
      areaCode: '855',
      currency: 'KHR',
    });
  });

  it('names countries in the caller language', async () => {
    const names = async (lang: string) => {
      const response = await app.inject({ method: 'GET', url: '/app/Login/countryCode', headers: { lang } });
      return Object.fromEntries(
        response.json().data.map((c: { iso2: string; name: string }) => [c.iso2, c.name]),
      );
    };
    expect((await names('km-KH')).KH).toBe('កម្ពុជា');
    expect((await names('zh-CN')).KH).toBe('柬埔寨');
    expect((await names('th-TH')).TH).toBe('ไทย');
    expect((await names('vi-VN')).VN).toBe('Việt Nam');
  });
});

import { describe, expect, it } from 'vitest';
import { bannerRoute } from './banner-route';

describe('bannerRoute', () => {
  it('maps spec page paths to app routes', () => {
    expect(bannerRoute('/therapist/therapistList')).toBe('/therapist/therapistList');
    expect(bannerRoute('/instore/index')).toBe('/instore');
    expect(bannerRoute('pages/instore/index')).toBe('/instore');
    expect(bannerRoute('/index/index')).toBe('/');
    expect(bannerRoute('/my/vip/index')).toBe('/my/vip');
  });

  it('keeps web links as they are', () => {
    expect(bannerRoute('https://example.com/promo')).toBe('https://example.com/promo');
  });
});

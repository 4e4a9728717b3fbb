import { describe, expect, it } from 'vitest';
import { fixedClock } from '../lib/clock';
import { cityFromCookie, createFirstScreen, type DrawnBanner, drawHomeBanner } from './first-screen';

describe("the first screen's part drawn from data (decision 092)", () => {
  it('reads the city the app mirrored into its cookie, and nothing else', () => {
    expect(cityFromCookie('lang=km; cityId=7; theme=x')).toBe(7);
    expect(cityFromCookie('cityId=12')).toBe(12);
    expect(cityFromCookie('xcityId=7')).toBeUndefined();
    expect(cityFromCookie('cityId=7abc')).toBeUndefined();
    expect(cityFromCookie('cityId=')).toBeUndefined();
    expect(cityFromCookie(undefined)).toBeUndefined();
  });

  it("escapes the banner's picture address and title", () => {
    const html = drawHomeBanner({ imageUrl: '/x.svg?a=1&b="2"', title: '<b>Massage</b> & more' });
    expect(html).toContain('src="/x.svg?a=1&#38;b=&#34;2&#34;"');
    expect(html).toContain('<span class="banner__title">&#60;b&#62;Massage&#60;/b&#62; &#38; more</span>');
    expect(html).not.toContain('<b>');
  });

  it("draws Home's banner of the cookie's city (city 1 without one), keeps it a minute, and only on Home", async () => {
    const clock = fixedClock(new Date('2026-11-28T10:00:00Z'));
    const asked: string[] = [];
    let title = 'Massage at home';
    const screen = createFirstScreen(
      {
        async homeBanner(cityId, language): Promise<DrawnBanner | undefined> {
          asked.push(`${cityId}|${language}`);
          return cityId === 2 ? undefined : { imageUrl: `/banner-${cityId}.svg`, title };
        },
      },
      clock,
    );
    expect(await screen.draw('/', { cookie: 'cityId=3', language: 'km' })).toContain('src="/banner-3.svg"');
    expect(await screen.draw('/', { language: 'en' })).toContain('src="/banner-1.svg"');
    expect(await screen.draw('/', { cookie: 'cityId=2', language: 'en' })).toBe('');
    expect(await screen.draw('/therapist', { cookie: 'cityId=3', language: 'km' })).toBe('');
    expect(asked).toEqual(['3|km', '1|en', '2|en']);

    title = 'Foot massage';
    expect(await screen.draw('/', { cookie: 'cityId=3', language: 'km' })).toContain('Massage at home');
    clock.advance(61_000);
    expect(await screen.draw('/', { cookie: 'cityId=3', language: 'km' })).toContain('Foot massage');
    expect(asked).toHaveLength(4);
  });

  it('draws nothing, without failing the page, when the data cannot be read', async () => {
    const screen = createFirstScreen({
      homeBanner: () => Promise.reject(new Error('database gone')),
    });
    expect(await screen.draw('/', { language: 'en' })).toBe('');
  });
});

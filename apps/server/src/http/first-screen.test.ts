import { describe, expect, it } from 'vitest';
import { fixedClock } from '../lib/clock';
import {
  cityFromCookie,
  createFirstScreen,
  type DrawnBanner,
  type DrawnTherapist,
  drawHomeBanner,
  drawTherapist,
  type FirstScreenSource,
  idFromQuery,
} from './first-screen';

const noTherapist: FirstScreenSource['therapist'] = async () => undefined;

describe("the first screen's part drawn from data (decision 092)", () => {
  it('reads the city the app mirrored into its cookie, and nothing else', () => {
    expect(cityFromCookie('lang=km; cityId=7; theme=x')).toBe(7);
    expect(cityFromCookie('cityId=12')).toBe(12);
    expect(cityFromCookie('xcityId=7')).toBeUndefined();
    expect(cityFromCookie('cityId=7abc')).toBeUndefined();
    expect(cityFromCookie('cityId=')).toBeUndefined();
    expect(cityFromCookie(undefined)).toBeUndefined();
  });

  it("reads a page's id by the app's rule", () => {
    expect(idFromQuery(new URLSearchParams('id=12&x=1'))).toBe(12);
    for (const query of ['', 'id=0', 'id=-1', 'id=1.5', 'id=abc', 'id=1234567890'])
      expect(idFromQuery(new URLSearchParams(query)), query).toBeUndefined();
  });

  it('escapes every text and address drawn from data, braces too', () => {
    const banner = drawHomeBanner({ imageUrl: '/x.svg?a=1&b="2"', title: '<b>Massage</b> & more' });
    expect(banner).toContain('src="/x.svg?a=1&#38;b=&#34;2&#34;"');
    expect(banner).toContain('<span class="banner__title">&#60;b&#62;Massage&#60;/b&#62; &#38; more</span>');
    expect(banner).not.toContain('<b>');
    const therapist = drawTherapist({
      photo: '/p.svg"x',
      name: 'Srey "{{common.brand}}"',
      introduction: 'a<br>b',
    });
    expect(therapist['therapist-photo']).toContain('src="/p.svg&#34;x"');
    expect(therapist['therapist-photo']).toContain(
      'alt="Srey &#34;&#123;&#123;common.brand&#125;&#125;&#34;"',
    );
    expect(therapist['therapist-name']).toBe('Srey &#34;&#123;&#123;common.brand&#125;&#125;&#34;');
    expect(therapist['therapist-introduction']).toBe('a&#60;br&#62;b');
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
        therapist: noTherapist,
      },
      clock,
    );
    const drawn = await screen.draw('/', { cookie: 'cityId=3', language: 'km' });
    expect(drawn?.drawn).toBe('home');
    expect(drawn?.slots['home-banner']).toContain('src="/banner-3.svg"');
    expect((await screen.draw('/', { language: 'en' }))?.slots['home-banner']).toContain(
      'src="/banner-1.svg"',
    );
    expect(await screen.draw('/', { cookie: 'cityId=2', language: 'en' })).toBeUndefined();
    expect(await screen.draw('/therapist', { cookie: 'cityId=3', language: 'km' })).toBeUndefined();
    expect(asked).toEqual(['3|km', '1|en', '2|en']);

    title = 'Foot massage';
    const kept = await screen.draw('/', { cookie: 'cityId=3', language: 'km' });
    expect(kept?.slots['home-banner']).toContain('Massage at home');
    clock.advance(61_000);
    const renewed = await screen.draw('/', { cookie: 'cityId=3', language: 'km' });
    expect(renewed?.slots['home-banner']).toContain('Foot massage');
    expect(asked).toHaveLength(4);
  });

  it("draws a therapist's page top for its id, in the language, and nothing for a malformed or unknown id", async () => {
    const asked: string[] = [];
    const screen = createFirstScreen({
      homeBanner: async () => undefined,
      async therapist(id, language): Promise<DrawnTherapist | undefined> {
        asked.push(`${id}|${language}`);
        return id === 5
          ? { photo: '/p5.jpg', name: 'Sreymom', introduction: `Hello (${language})` }
          : undefined;
      },
    });
    const page = (query: string) =>
      screen.draw('/therapist/orderDetail', { query: new URLSearchParams(query), language: 'th' });
    const drawn = await page('id=5');
    expect(drawn).toEqual({
      drawn: 'therapist',
      slots: {
        'therapist-photo':
          '<section class="photo-gallery"><img class="photo-gallery__img" src="/p5.jpg" alt="Sreymom" fetchpriority="high"></section>',
        'page-title': 'Sreymom',
        'therapist-name': 'Sreymom',
        'therapist-introduction': 'Hello (th)',
      },
    });
    expect(await page('id=6')).toBeUndefined();
    expect(await page('id=x')).toBeUndefined();
    expect(await page('')).toBeUndefined();
    expect(asked).toEqual(['5|th', '6|th']);
  });

  it('draws nothing, without failing the page, when the data cannot be read', async () => {
    const screen = createFirstScreen({
      homeBanner: () => Promise.reject(new Error('database gone')),
      therapist: () => Promise.reject(new Error('database gone')),
    });
    expect(await screen.draw('/', { language: 'en' })).toBeUndefined();
    expect(
      await screen.draw('/therapist/orderDetail', { query: new URLSearchParams('id=1'), language: 'en' }),
    ).toBeUndefined();
  });
});

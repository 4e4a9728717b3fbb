import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { LIST_NOTE_SCRIPT } from './web-shell';

/** A built web app with its shell template and strings table, as apps/web/vite-app-shell.ts writes them. */
const webDist = mkdtempSync(path.join(tmpdir(), 'sabai-shell-'));
mkdirSync(path.join(webDist, '.shell'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><title>Sabai</title>');
writeFileSync(
  path.join(webDist, '.shell', 'template.html'),
  '<!doctype html><html lang="en"><head></head><body><div id="root">' +
    '<div class="app-shell" data-shell="{{shell}}" data-shell-tab="{{tab}}">' +
    '<nav aria-label="{{nav.tabBarLabel}}"><a href="/">{{nav.home}}</a></nav></div></div></body></html>',
);
writeFileSync(
  path.join(webDist, '.shell', 'strings.json'),
  JSON.stringify({
    strings: {
      en: { 'nav.tabBarLabel': 'Main navigation', 'nav.home': 'Home' },
      km: { 'nav.tabBarLabel': 'ម៉ឺនុយមេ', 'nav.home': 'ទំព័រដើម' },
      th: { 'nav.tabBarLabel': 'เมนูหลัก', 'nav.home': 'หน้าแรก' },
      vi: { 'nav.tabBarLabel': 'Menu <chính>', 'nav.home': 'Trang chủ' },
    },
  }),
);
writeFileSync(
  path.join(webDist, '.shell', 'preloads.json'),
  JSON.stringify({
    '/': [
      { href: '/assets/page-vendor-1.css', as: 'style' },
      { href: '/assets/home-page-1.js', as: 'script' },
    ],
    '/therapist/orderDetail': [{ href: '/assets/therapist-detail-page-1.js', as: 'script' }],
  }),
);

writeFileSync(
  path.join(webDist, '.shell', 'languages.json'),
  JSON.stringify({
    th: {
      catalogue: ['/assets/th-1.js'],
      intl: {
        NumberFormat: [
          '/assets/intl-polyfill-1.js',
          '/assets/intl/intl-numberformat-1.js',
          '/assets/intl/th-2.js',
        ],
        DateTimeFormat: ['/assets/intl-polyfill-1.js', '/assets/intl/intl-datetimeformat-1.js'],
      },
    },
  }),
);

const { app } = await createTestApp({ config: { WEB_DIST_DIR: webDist } });
const page = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

describe('the server draws the app shell in the user language', () => {
  it('draws Home with its tab bar in the language of the lang cookie', async () => {
    const response = await page('/', { cookie: 'theme=x; lang=km', 'accept-language': 'th-TH' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.body).toContain('<html lang="km">');
    expect(response.body).toContain('data-shell="home" data-shell-tab="home"');
    expect(response.body).toContain('<a href="/">ទំព័រដើម</a>');
  });

  it('follows the browser language without a cookie, and draws a page without tab bar elsewhere', async () => {
    const response = await page('/therapist/therapistMap?sort=price', {
      'accept-language': 'th-TH,th;q=0.9',
    });
    expect(response.body).toContain('<html lang="th">');
    expect(response.body).toContain('data-shell="page" data-shell-tab=""');
    expect(response.body).toContain('หน้าแรก');
  });

  it('marks the tab of a tab page and ignores a cookie naming no language', async () => {
    const response = await page('/instore', { cookie: 'lang=xx', lang: 'vi-VN' });
    expect(response.body).toContain('<html lang="vi">');
    expect(response.body).toContain('data-shell="tab" data-shell-tab="instore"');
    // Catalogue text is escaped into the page.
    expect(response.body).toContain('aria-label="Menu &#60;chính&#62;"');
  });

  it('speaks English to a browser in a language the app does not speak', async () => {
    const response = await page('/my', { 'accept-language': 'de-DE' });
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain('<a href="/">Home</a>');
  });

  it('sends the drawn page brotli-compressed to a browser that accepts it', async () => {
    const response = await page('/', { 'accept-encoding': 'gzip, br', cookie: 'lang=km' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('ទំព័រដើម');
  });

  it("names a first screen's own chunks in its head, and no other page's", async () => {
    const home = (await page('/', { cookie: 'lang=km' })).body;
    expect(home).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/page-vendor-1.css">' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home-page-1.js"></head>',
    );
    expect(home).not.toContain('therapist-detail-page-1.js');
    const detail = (await page('/therapist/orderDetail?id=1', { 'accept-language': 'km' })).body;
    expect(detail).toContain('<html lang="km">');
    expect(detail).toContain('href="/assets/therapist-detail-page-1.js"></head>');
    expect(detail).not.toContain('home-page-1.js');
    // Another page of the same shell kind (no tab bar) names nothing.
    expect((await page('/therapist/therapistMap', { 'accept-language': 'km' })).body).not.toContain(
      'modulepreload',
    );
    expect((await page('/my')).body).not.toContain('modulepreload');
  });

  it("names a language's catalogue and Intl polyfill files in its pages, with the one inline script the CSP allows", async () => {
    for (const url of ['/', '/my']) {
      const response = await page(url, { cookie: 'lang=th' });
      const head = response.body.split('</head>')[0] as string;
      expect(head).toContain(
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/th-1.js">',
      );
      // The polyfill files are data for the inline script (fetched only where the browser lacks
      // Thai Intl data), not links every browser would fetch.
      const data = /<script type="application\/json" id="intl-preloads">([^<]*)<\/script>/.exec(head)?.[1];
      expect(JSON.parse(data ?? 'null')).toEqual({
        NumberFormat: [
          '/assets/intl-polyfill-1.js',
          '/assets/intl/intl-numberformat-1.js',
          '/assets/intl/th-2.js',
        ],
        DateTimeFormat: ['/assets/intl-polyfill-1.js', '/assets/intl/intl-datetimeformat-1.js'],
      });
      expect(head).not.toMatch(/<link[^>]+intl-numberformat/);
      const inline = [...head.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1] as string);
      expect(inline).toHaveLength(1);
      const hash = createHash('sha256')
        .update(inline[0] as string)
        .digest('base64');
      expect(response.headers['content-security-policy']).toMatch(
        new RegExp(`script-src 'self'[^;]* 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$| )`),
      );
    }
    // English, and a language without polyfill files in this build, get neither.
    for (const headers of [{}, { cookie: 'lang=km' }] as Record<string, string>[]) {
      const body = (await page('/my', headers)).body;
      expect(body).not.toContain('intl-preloads');
      expect(body).not.toContain('<script>');
    }
  });

  it("draws the therapist list's first screen, with its note script the CSP allows (decision 082)", async () => {
    const response = await page('/therapist/therapistList?sort=distance', { cookie: 'lang=km' });
    expect(response.body).toContain('data-shell="therapist-list" data-shell-tab=""');
    const head = response.body.split('</head>')[0] as string;
    const inline = [...head.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1] as string);
    expect(inline).toEqual([LIST_NOTE_SCRIPT]);
    const hash = createHash('sha256').update(LIST_NOTE_SCRIPT).digest('base64');
    expect(response.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    // No other page runs it.
    for (const url of ['/', '/therapist/therapistMap', '/instore'])
      expect((await page(url)).body).not.toContain(LIST_NOTE_SCRIPT);
  });

  it("hides the drawn note exactly where the list's first render has none", () => {
    /** Runs the drawn page's script with this URL and stored location; the note is shown unless "off". */
    const noteShown = (search: string, stored: string | null, storageThrows = false) => {
      const attributes: Record<string, string> = {};
      runInNewContext(LIST_NOTE_SCRIPT, {
        URLSearchParams,
        location: { search },
        localStorage: {
          getItem: (key: string) => {
            if (storageThrows) throw new Error('blocked');
            return key === 'sabai.location' ? stored : null;
          },
        },
        document: {
          documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
        },
      });
      return attributes['data-list-note'] !== 'off';
    };
    // "Nearest" (the default, or named) without a position: the page says it sorts from the centre.
    expect(noteShown('', null)).toBe(true);
    expect(noteShown('?sort=distance&type=1', null)).toBe(true);
    // With a stored position, or another sort, the page shows no note.
    expect(noteShown('', '{"lat":11.55,"lng":104.92}')).toBe(false);
    expect(noteShown('?sort=price', null)).toBe(false);
    expect(noteShown('?type=1&sort=rating', null)).toBe(false);
    // Storage the script cannot read: hidden (the page may draw it itself, never the reverse).
    expect(noteShown('', null, true)).toBe(false);
  });

  it('keeps the template and its strings out of reach', async () => {
    expect((await page('/.shell/template.html')).body).not.toContain('{{');
    expect((await page('/.shell/strings.json')).body).not.toContain('ម៉ឺនុយមេ');
    expect((await page('/.shell/preloads.json')).body).not.toContain('home-page-1.js');
    expect((await page('/.shell/languages.json')).body).not.toContain('th-1.js');
  });
});

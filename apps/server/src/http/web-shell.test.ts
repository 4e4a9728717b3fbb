import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

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
    const response = await page('/therapist/therapistList?sort=price', {
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
      '<link rel="preload" as="style" fetchpriority="low" href="/assets/page-vendor-1.css">' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home-page-1.js"></head>',
    );
    expect(home).not.toContain('therapist-detail-page-1.js');
    const detail = (await page('/therapist/orderDetail?id=1', { 'accept-language': 'km' })).body;
    expect(detail).toContain('<html lang="km">');
    expect(detail).toContain('href="/assets/therapist-detail-page-1.js"></head>');
    expect(detail).not.toContain('home-page-1.js');
    // Another page of the same shell kind (no tab bar) names nothing.
    expect((await page('/therapist/therapistList', { 'accept-language': 'km' })).body).not.toContain(
      'modulepreload',
    );
    expect((await page('/my')).body).not.toContain('modulepreload');
  });

  it('keeps the template and its strings out of reach', async () => {
    expect((await page('/.shell/template.html')).body).not.toContain('{{');
    expect((await page('/.shell/strings.json')).body).not.toContain('ម៉ឺនុយមេ');
    expect((await page('/.shell/preloads.json')).body).not.toContain('home-page-1.js');
  });
});

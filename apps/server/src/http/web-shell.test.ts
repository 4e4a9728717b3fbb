import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCity, createProject, createTherapist } from '../../test/booking-fixtures';
import { createTestApp } from '../../test/test-app';
import { banners, therapists } from '../db/schema';
import { LIST_NOTE_SCRIPT, PRELOAD_SCRIPT } from './web-shell';

/** A built web app with its shell template and strings table, as apps/web/vite-app-shell.ts writes them. */
const webDist = mkdtempSync(path.join(tmpdir(), 'sabai-shell-'));
mkdirSync(path.join(webDist, '.shell'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><title>Sabai</title>');
// The worker that tests and warms Intl (web/public/intl-warm.js, decision 094).
writeFileSync(path.join(webDist, 'intl-warm.js'), 'self.onmessage = () => self.postMessage([]);');
writeFileSync(
  path.join(webDist, '.shell', 'template.html'),
  // The head as Vite writes it: the entry and its modulepreloads (decision 086 moves them out).
  '<!doctype html><html lang="en"><head><title>Sabai</title>\n    ' +
    '<script type="module" crossorigin src="/assets/index-1.js"></script>\n    ' +
    '<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-1.js">\n    ' +
    '<link rel="modulepreload" crossorigin href="/assets/shell-vendor-1.js">\n  ' +
    '</head><body><div id="root">' +
    '<div class="app-shell" data-shell="{{shell}}" data-shell-tab="{{tab}}" data-drawn="{{drawn}}">' +
    '<!--block:home--><div class="home"><!--first-screen:home-banner--></div><!--/block:home-->' +
    '<!--block:therapist--><p class="intro"><!--first-screen:therapist-introduction--></p><!--/block:therapist-->' +
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

/** Thai's files as the build lists them: its catalogue and the Intl polyfills a browser without its data needs. */
const thaiFiles = {
  catalogue: ['/assets/th-1.js'],
  intl: {
    NumberFormat: [
      '/assets/intl-polyfill-1.js',
      '/assets/intl/intl-numberformat-1.js',
      '/assets/intl/th-2.js',
    ],
    DateTimeFormat: ['/assets/intl-polyfill-1.js', '/assets/intl/intl-datetimeformat-1.js'],
  },
};
writeFileSync(path.join(webDist, '.shell', 'languages.json'), JSON.stringify({ th: thaiFiles }));

const { app, database } = await createTestApp({ config: { WEB_DIST_DIR: webDist } });
const page = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
// Two cities with banners for Home's first screen, before any page (the city list is kept a while).
const open = await createCity(database);
const closed = await createCity(database, 'closed');
const project = await createProject(database, open.id);
const { therapistId } = await createTherapist(app, database, { cityId: open.id, projectId: project.id });
await database.db
  .update(therapists)
  .set({ introductions: { en: 'Hello, I am <Sokha>.', km: 'សួស្ដី ខ្ញុំឈ្មោះ Sokha។' }, photos: ['/sokha-1.jpg'] })
  .where(eq(therapists.id, therapistId));
await database.db.insert(banners).values([
  { cityId: open.id, titles: { en: 'Second', km: 'ទីពីរ' }, imageUrl: '/b2.svg', sortOrder: 2 },
  { cityId: open.id, titles: { en: 'Massage <today>', km: 'ម៉ាស្សា' }, imageUrl: '/b1.svg', sortOrder: 1 },
  { cityId: closed.id, titles: { en: 'Closed' }, imageUrl: '/closed.svg' },
]);

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
    const response = await page('/order', { cookie: 'lang=xx', lang: 'vi-VN' });
    expect(response.body).toContain('<html lang="vi">');
    expect(response.body).toContain('data-shell="tab" data-shell-tab="orders"');
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

  /** The page's preload data (decision 083): the JSON PRELOAD_SCRIPT reads, or undefined. */
  const preloadData = (body: string) => {
    const json = /<script type="application\/json" id="first-screen-preloads">([^<]*)<\/script>/.exec(
      body,
    )?.[1];
    return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
  };
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1] as string);

  /** What every drawn page starts once painted: the app's entry and its own modulepreloads (decision 086). */
  const entryData = {
    entry: '/assets/index-1.js',
    entryModules: ['/assets/rolldown-runtime-1.js', '/assets/shell-vendor-1.js'],
    intlWorker: '/intl-warm.js',
  };

  it("names the entry and a first screen's own chunks for after the first paint, not in its head, and no other page's", async () => {
    const home = (await page('/', { cookie: 'lang=km' })).body;
    const [head, body] = home.split('</head>') as [string, string];
    // Nothing the head names: every file is asked for by the script at the end of the body. Its
    // one script decides whether the drawn "locate me" hint shows (decision 092).
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('rel="preload"');
    expect(inlineScripts(head)).toEqual([LIST_NOTE_SCRIPT]);
    expect(head).not.toContain('<script src');
    expect(head).not.toContain('<script type');
    expect(preloadData(body)).toEqual({
      ...entryData,
      styles: ['/assets/page-vendor-1.css'],
      modules: ['/assets/home-page-1.js'],
    });
    expect(body).toMatch(/<script>[^<]*<\/script><\/body>/);
    expect(inlineScripts(body)).toEqual([PRELOAD_SCRIPT]);
    expect(home).not.toContain('therapist-detail-page-1.js');
    const detail = (await page('/therapist/orderDetail?id=1', { 'accept-language': 'km' })).body;
    expect(detail).toContain('<html lang="km">');
    expect(preloadData(detail)).toEqual({ ...entryData, modules: ['/assets/therapist-detail-page-1.js'] });
    expect(detail).not.toContain('home-page-1.js');
    // Another page (no first screen, in a language without files here) names the entry alone, and
    // its head no script either.
    for (const url of ['/therapist/therapistMap', '/my']) {
      const other = (await page(url, { 'accept-language': 'km' })).body;
      expect(preloadData(other)).toEqual(entryData);
      expect(inlineScripts(other)).toEqual([PRELOAD_SCRIPT]);
      expect(other.split('</head>')[0]).not.toContain('<script');
    }
  });

  it("names a language's catalogue and Intl polyfill files in its pages, for the one script the CSP allows", async () => {
    for (const url of ['/', '/my']) {
      const response = await page(url, { cookie: 'lang=th' });
      const [head, body] = response.body.split('</head>') as [string, string];
      expect(head).not.toContain('th-1.js');
      const data = preloadData(body);
      expect(data?.catalogue).toEqual(['/assets/th-1.js']);
      // The polyfill files are data for the script (fetched only where the browser lacks Thai
      // Intl data), not links every browser would fetch.
      expect(data?.intl).toEqual({
        NumberFormat: [
          '/assets/intl-polyfill-1.js',
          '/assets/intl/intl-numberformat-1.js',
          '/assets/intl/th-2.js',
        ],
        DateTimeFormat: ['/assets/intl-polyfill-1.js', '/assets/intl/intl-datetimeformat-1.js'],
      });
      expect(response.body).not.toMatch(/<link[^>]+intl-numberformat/);
      expect(inlineScripts(body)).toEqual([PRELOAD_SCRIPT]);
      const hash = createHash('sha256').update(PRELOAD_SCRIPT).digest('base64');
      expect(response.headers['content-security-policy']).toMatch(
        new RegExp(`script-src 'self'[^;]* 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$| )`),
      );
    }
    // English, and a language without files in this build, get neither on a page that is no first
    // screen: the entry alone.
    for (const headers of [{}, { cookie: 'lang=km' }] as Record<string, string>[]) {
      const body = (await page('/my', headers)).body;
      expect(preloadData(body)).toEqual(entryData);
    }
  });

  it('starts the app once the shell has painted, then asks for catalogue, missing Intl services, styles, chunks', async () => {
    type Added = {
      tag: string;
      rel: string;
      as?: string;
      type?: string;
      href: string;
      src: string;
      crossOrigin: string | null;
      fetchPriority: string;
    };
    /**
     * Runs the drawn page's script in a page whose browser lacks `missing`: with paint timing, the
     * paints it reports; without (`paints` null), the next frame. Returns what was added to the head
     * while parsed, after each paint (or the frame), and in the end, and the fallback timers.
     */
    const run = (
      data: unknown,
      missing: string[],
      options: {
        language?: string;
        paints?: string[] | null;
        hidden?: boolean;
        timersRun?: boolean;
        /** A Worker class for the page (none by default: the page tests Intl itself). */
        worker?: unknown;
      } = {},
    ) => {
      const { language = 'th', paints = ['first-paint', 'first-contentful-paint'], hidden = false } = options;
      const added: Added[] = [];
      const observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
      const frames: (() => void)[] = [];
      const tasks: (() => void)[] = [];
      const fallbacks: { callback: () => void; delay: number }[] = [];
      const intl = Object.fromEntries(
        ['NumberFormat', 'PluralRules', 'DateTimeFormat', 'RelativeTimeFormat', 'DisplayNames'].map(
          (service) => [
            service,
            { supportedLocalesOf: (locales: string[]) => (missing.includes(service) ? [] : locales) },
          ],
        ),
      );
      class FakePerformanceObserver {
        static supportedEntryTypes = ['navigation', 'paint', 'resource'];
        constructor(callback: (typeof observers)[number]) {
          observers.push(callback);
        }
        observe(options: { type: string }) {
          expect(options.type).toBe('paint');
        }
      }
      const pageWindow: { __sabaiIntlMissing?: Promise<unknown> } = {};
      runInNewContext(PRELOAD_SCRIPT, {
        window: pageWindow,
        Intl: intl,
        JSON,
        ...(options.worker ? { Worker: options.worker } : {}),
        ...(paints ? { PerformanceObserver: FakePerformanceObserver } : {}),
        requestAnimationFrame: (callback: () => void) => frames.push(callback),
        // A task (no delay) or the fallback start (a delay).
        setTimeout: (callback: () => void, delay = 0) =>
          delay > 0 ? fallbacks.push({ callback, delay }) : tasks.push(callback),
        document: {
          visibilityState: hidden ? 'hidden' : 'visible',
          documentElement: { lang: language },
          getElementById: (id: string) =>
            id === 'first-screen-preloads' ? { textContent: JSON.stringify(data) } : null,
          createElement: (tag: string) => ({
            tag,
            rel: '',
            href: '',
            src: '',
            crossOrigin: null,
            fetchPriority: 'auto',
          }),
          head: { appendChild: (element: Added) => added.push(element) },
        },
      });
      const steps = [added.length];
      for (const paint of paints ?? []) {
        for (const observer of observers)
          observer({ getEntriesByName: (name: string) => (name === paint ? [{ name }] : []) });
        steps.push(added.length, tasks.length);
      }
      for (const frame of frames) frame();
      // The queued tasks in order, each running to its end before the next (as the browser's);
      // a task adds at most one element (decision 090: no long task of hints).
      const drain = () => {
        for (let task = tasks.shift(); task; task = tasks.shift()) {
          const before = added.length;
          task();
          expect(added.length - before).toBeLessThanOrEqual(1);
        }
      };
      // However many paints are reported, one task is queued: the app starts once.
      expect(tasks.length).toBeLessThanOrEqual(1);
      drain();
      if (options.timersRun) for (const fallback of fallbacks) fallback.callback();
      drain();
      return { steps, added, fallbacks, drain, pageWindow };
    };
    const data = {
      ...entryData,
      ...thaiFiles,
      styles: ['/assets/page-vendor-1.css'],
      modules: ['/assets/home-page-1.js'],
    };
    const describeAdded = (element: Added) =>
      element.tag === 'script'
        ? ['script', element.type, element.src, element.fetchPriority]
        : [element.rel, element.as ?? '', element.href, element.fetchPriority];
    const lacking = run(data, ['DateTimeFormat']);
    // Nothing while the page is parsed, nor at its first (blank) paint; at the first contentful
    // paint the entry and its modulepreloads (3), and one task queued, in which the rest is named.
    expect(lacking.steps).toEqual([0, 0, 0, 3, 1]);
    expect(lacking.added.map(describeAdded)).toEqual([
      ['script', 'module', '/assets/index-1.js', 'auto'],
      ['modulepreload', '', '/assets/rolldown-runtime-1.js', 'auto'],
      ['modulepreload', '', '/assets/shell-vendor-1.js', 'auto'],
      ['modulepreload', '', '/assets/th-1.js', 'low'],
      ['modulepreload', '', '/assets/intl-polyfill-1.js', 'low'],
      ['modulepreload', '', '/assets/intl/intl-datetimeformat-1.js', 'low'],
      ['preload', 'style', '/assets/page-vendor-1.css', 'low'],
      ['modulepreload', '', '/assets/home-page-1.js', 'low'],
    ]);
    // Each in the credentials mode of the module request that uses it.
    for (const element of lacking.added) expect(element.crossOrigin).toBe('');
    // A browser with the language's Intl data fetches no polyfill.
    expect(run(data, []).added.map((element) => element.href || element.src)).toEqual([
      '/assets/index-1.js',
      '/assets/rolldown-runtime-1.js',
      '/assets/shell-vendor-1.js',
      '/assets/th-1.js',
      '/assets/page-vendor-1.css',
      '/assets/home-page-1.js',
    ]);
    // An English page that is no first screen: the entry alone.
    expect(run(entryData, ['NumberFormat'], { language: 'en' }).added).toHaveLength(3);
    // A browser without paint timing: after the next frame, the same.
    const framed = run(data, ['DateTimeFormat'], { paints: null });
    expect(framed.steps).toEqual([0]);
    expect(framed.added.map(describeAdded)).toEqual(lacking.added.map(describeAdded));
    // No paint yet: nothing, until the fallback 2 s later starts the app all the same.
    const unpainted = run(data, ['DateTimeFormat'], { paints: [] });
    expect(unpainted.added).toEqual([]);
    expect(unpainted.fallbacks.map((fallback) => fallback.delay)).toEqual([2000]);
    expect(run(data, ['DateTimeFormat'], { paints: [], timersRun: true }).added.map(describeAdded)).toEqual(
      lacking.added.map(describeAdded),
    );
    // A page loaded hidden (a background tab paints only when shown) starts at once, and only once.
    const hidden = run(data, ['DateTimeFormat'], { hidden: true, timersRun: true });
    expect(hidden.steps[0]).toBe(3);
    expect(hidden.added.map(describeAdded)).toEqual(lacking.added.map(describeAdded));

    // With a worker (decision 094): the page asks it which services lack the language and tests
    // nothing itself (here it would find NumberFormat lacking too); the worker's answer puts the
    // missing service's files first, one per task, even after the queue had run dry.
    class FakeWorker {
      static made: FakeWorker[] = [];
      posted: unknown[] = [];
      onmessage: ((event: { data: unknown }) => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(readonly url: string) {
        FakeWorker.made.push(this);
      }
      postMessage(message: unknown) {
        this.posted.push(message);
      }
    }
    const withWorker = run(data, ['NumberFormat', 'DateTimeFormat'], { worker: FakeWorker });
    const [worker] = FakeWorker.made;
    expect(worker?.url).toBe('/intl-warm.js');
    expect(worker?.posted).toEqual([{ lang: 'th', services: ['NumberFormat', 'DateTimeFormat'] }]);
    const beforeAnswer = withWorker.added.map(describeAdded);
    expect(beforeAnswer).toEqual(
      lacking.added.map(describeAdded).filter(([, , href]) => !String(href).includes('intl')),
    );
    // The app reads the same answer (decision 096): settled once the worker has answered.
    const forTheApp = withWorker.pageWindow.__sabaiIntlMissing;
    // (A promise of the page's own realm, so no `instanceof Promise` here.)
    expect(typeof forTheApp?.then).toBe('function');
    worker?.onmessage?.({ data: ['DateTimeFormat'] });
    await expect(forTheApp).resolves.toEqual({ lang: 'th', services: ['DateTimeFormat'] });
    withWorker.drain();
    expect(withWorker.added.map(describeAdded).slice(beforeAnswer.length)).toEqual([
      ['modulepreload', '', '/assets/intl-polyfill-1.js', 'low'],
      ['modulepreload', '', '/assets/intl/intl-datetimeformat-1.js', 'low'],
    ]);
    // A worker that fails (not allowed, not found): the page tests each service itself.
    FakeWorker.made = [];
    const failing = run(data, ['DateTimeFormat'], { worker: FakeWorker });
    FakeWorker.made[0]?.onerror?.();
    // The app then tests for itself too.
    await expect(failing.pageWindow.__sabaiIntlMissing).rejects.toBe(0);
    failing.drain();
    expect(failing.added.map(describeAdded).sort()).toEqual(lacking.added.map(describeAdded).sort());
    // English warms the worker too, with no service to test.
    FakeWorker.made = [];
    run(entryData, [], { language: 'en', worker: FakeWorker });
    expect(FakeWorker.made.map((each) => each.posted)).toEqual([[{ lang: 'en', services: [] }]]);
  });

  it("draws the therapist list's, the store list's and Home's first screen, with the note script the CSP allows (decisions 082, 087, 092)", async () => {
    const lists = [
      {
        url: '/therapist/therapistList?sort=distance',
        shell: 'data-shell="therapist-list" data-shell-tab=""',
      },
      // The In-store tab: its tab bar marked, its title and note drawn.
      { url: '/instore', shell: 'data-shell="store-list" data-shell-tab="instore"' },
      { url: '/instore/', shell: 'data-shell="store-list" data-shell-tab="instore"' },
      // Home: its "locate me" hint shows on the same condition (decision 092).
      { url: '/', shell: 'data-shell="home" data-shell-tab="home"' },
    ];
    for (const list of lists) {
      const response = await page(list.url, { cookie: 'lang=km' });
      expect(response.body, list.url).toContain(list.shell);
      const head = response.body.split('</head>')[0] as string;
      expect(inlineScripts(head), list.url).toEqual([LIST_NOTE_SCRIPT]);
      const hash = createHash('sha256').update(LIST_NOTE_SCRIPT).digest('base64');
      expect(response.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    }
    // No other page runs it.
    for (const url of ['/therapist/therapistMap', '/order', '/instore/storeDetail'])
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

  it("draws Home with the first banner of the city the app chose, in the user's language (decision 092)", async () => {
    const home = (await page('/', { cookie: `lang=km; cityId=${open.id}` })).body;
    const drawn =
      '<div class="banners app-shell__banner"><div class="banner"><img class="banner__img" src="/b1.svg"';
    expect(home).toContain(`${drawn} alt="" fetchpriority="high"><span class="banner__title">ម៉ាស្សា</span>`);
    expect(home).not.toContain('/b2.svg');
    // Where the template marks it, escaped; the page sent compressed is the same page.
    const english = await page('/', { cookie: `cityId=${open.id}`, 'accept-encoding': 'br' });
    expect(brotliDecompressSync(english.rawPayload).toString()).toContain(
      'data-shell-tab="home" data-drawn="home"><div class="home"><div class="banners app-shell__banner">',
    );
    expect(brotliDecompressSync(english.rawPayload).toString()).toContain('Massage &#60;today&#62;');
    // A closed city, another page: nothing drawn from data.
    for (const [url, cookie] of [
      ['/', `cityId=${closed.id}`],
      ['/instore', `cityId=${open.id}`],
    ] as const) {
      const other = (await page(url, { cookie })).body;
      expect(other).not.toContain('app-shell__banner');
      expect(other).toContain('data-drawn=""');
      // Home's block only on Home (without a banner there), the therapist's on no other page.
      expect(other.includes('<div class="home">'), url).toBe(url === '/');
      expect(other).not.toContain('class="intro"');
      expect(other).not.toContain('block:');
    }
  });

  it("draws a therapist's page with the introduction, escaped, and a plain page for an unknown one (decision 092)", async () => {
    const khmer = (await page(`/therapist/orderDetail?id=${therapistId}`, { cookie: 'lang=km' })).body;
    expect(khmer).toContain('data-shell="page" data-shell-tab="" data-drawn="therapist">');
    expect(khmer).toContain('<p class="intro">សួស្ដី ខ្ញុំឈ្មោះ Sokha។</p>');
    const english = (await page(`/therapist/orderDetail?id=${therapistId}&from=list`)).body;
    expect(english).toContain('<p class="intro">Hello, I am &#60;Sokha&#62;.</p>');
    for (const url of [
      '/therapist/orderDetail?id=999999',
      '/therapist/orderDetail?id=abc',
      '/therapist/orderDetail',
    ]) {
      const plain = (await page(url)).body;
      expect(plain, url).toContain('data-drawn="">');
      expect(plain, url).not.toContain('class="intro"');
    }
  });

  it('keeps the template and its strings out of reach', async () => {
    expect((await page('/.shell/template.html')).body).not.toContain('{{');
    expect((await page('/.shell/strings.json')).body).not.toContain('ម៉ឺនុយមេ');
    expect((await page('/.shell/preloads.json')).body).not.toContain('home-page-1.js');
    expect((await page('/.shell/languages.json')).body).not.toContain('th-1.js');
  });
});

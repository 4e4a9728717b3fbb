import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { isLanguage, type Language, languageFromHeader } from '@sabai/shared/i18n';
import { LRUCache } from 'lru-cache';
import type { DrawnFirstScreen } from './first-screen';

/**
 * The web app's page, drawn by the server in the user's language (issue #17, decision 050): the
 * build leaves index.html's shell as a template with a strings table taken from the web catalogues
 * (apps/web/vite-app-shell.ts); each request fills it for its language and page kind, so the
 * header, the tab bar and a skeleton paint before any JavaScript. Not server rendering: React draws
 * the page itself and replaces the shell.
 */

/**
 * Which header and tab bar the shell draws: the tab pages of web/src/app/router.tsx (In-store's
 * first screen is drawn further, in DRAWN_PAGES).
 */
const TAB_PAGES: Record<string, { shell: 'home' | 'tab'; tab: string }> = {
  '/': { shell: 'home', tab: 'home' },
  '/therapist': { shell: 'tab', tab: 'book' },
  '/order': { shell: 'tab', tab: 'orders' },
  '/my': { shell: 'tab', tab: 'me' },
};
/**
 * Pages whose first screen the shell draws beyond the header: the therapist list's (decision 082)
 * and the store list's (the In-store tab, decision 087) title and "sorted from the city centre"
 * note, their largest first-screen text.
 */
const DRAWN_PAGES: Record<string, { shell: 'therapist-list' | 'store-list'; tab: string }> = {
  '/therapist/therapistList': { shell: 'therapist-list', tab: '' },
  '/instore': { shell: 'store-list', tab: 'instore' },
};
/**
 * The drawn pages that carry the lists' note or Home's "locate me" hint (decision 092), and
 * LIST_NOTE_SCRIPT to hide it: both show only while the phone has no position stored.
 */
const NOTE_SHELLS = new Set(['therapist-list', 'store-list', 'home']);
const PAGE = { shell: 'page', tab: '' } as const;

interface ShellStrings {
  strings: Record<string, Record<string, string>>;
}

/** dist/.shell/preloads.json: per first-screen pathname, the files its page loads beyond the entry. */
type RoutePreloads = Record<string, { href: string; as: 'script' | 'style' }[]>;

/** dist/.shell/languages.json: per language but English, its catalogue and Intl polyfill files. */
type LanguagePreloads = Record<string, { catalogue: string[]; intl: Record<string, string[]> }>;

/**
 * Run once the drawn page has painted (decisions 083, 086): starts the app, then names, as
 * low-priority preloads, what the first render needs beyond the entry.
 * - The app's entry (`<script type="module">`) and its own modulepreloads, which Vite writes into
 *   the head, are added here instead (086): in the head they were requested while the page was
 *   parsed and arrived before the first paint on a phone (≈ 100 KB), so they competed with the
 *   shell's text for the network and Lighthouse's simulation counted them in the first paint. The
 *   drawn shell needs no script; the app replaces it when it has run.
 * - Then, one per task (decision 090): the language's catalogue, the Intl polyfill files of each
 *   service this browser has no data for in the page's language (decision 070; the same test as the
 *   app's missingIntlServices: Debian's Chromium and some Android WebViews lack Khmer's), the route's
 *   own stylesheets and chunks (decision 067), in that order. The Intl test runs here, after the
 *   paint, not in the parse: the browser's first use of Intl loads its data (100–190 ms under
 *   Lighthouse's 4× slowdown, whatever the service), so that one task stays long; every other step
 *   (a link's insertion costs ~10 ms there) is short. A browser with the Intl data fetches no polyfill.
 * The first paint is a `paint` PerformanceObserver's first contentful paint (reported once the frame
 * is shown); a browser without paint timing waits for the next frame. A page that paints nothing
 * (a tab opened in the background paints only when shown) starts at once when hidden, and any page
 * after 2 s at the latest: the app always starts. Each link and the entry have `crossorigin`, the
 * credentials mode of the module requests that use them (in another mode a preload is not used and
 * the file is fetched twice, decision 070). Static, so the CSP allows it by its hash; its data is
 * the JSON beside it.
 */
export const PRELOAD_SCRIPT =
  "(function(){var d={};try{d=JSON.parse(document.getElementById('first-screen-preloads').textContent)}catch(e){}" +
  "var add=function(h,s,low){var e=document.createElement('link');if(s){e.rel='preload';e.as='style'}else{e.rel='modulepreload'}" +
  "e.crossOrigin='';if(low)e.fetchPriority='low';e.href=h;document.head.appendChild(e)};" +
  "var start=function(){if(d.entry){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=d.entry;" +
  'document.head.appendChild(s)}(d.entryModules||[]).forEach(function(h){add(h)})};' +
  // One step per task (decision 090): each hint on its own, so no task of this script is long (all
  // in one took 160–500 ms under Lighthouse's 4x slowdown). The Intl services are tested in a worker
  // (decision 094): the first use of Intl loads the engine's data for the whole process, off the
  // main thread there; it answers the services lacking the language, whose files then go first.
  // Without a worker (none named, none allowed, or it fails), each service's test is a step here.
  'var run=function(){var q=[],n={},l=document.documentElement.lang,f=d.intl||{},k=Object.keys(f),busy=0,w=null;' +
  'var next=function(){var s=q.shift();if(s){busy=1;try{s()}catch(e){}setTimeout(next,0)}else busy=0};' +
  'var need=function(m){var a=[];m.forEach(function(s){(f[s]||[]).forEach(function(h){if(!n[h]){n[h]=1;a.push(function(){add(h,0,1)})}})});' +
  'q.unshift.apply(q,a);if(!busy)next()};' +
  'var test=function(){k.forEach(function(s){q.push(function(){var m=true;try{m=Intl[s].supportedLocalesOf([l]).length===0}catch(e){}if(m)need([s])})})};' +
  '(d.catalogue||[]).forEach(function(h){q.push(function(){add(h,0,1)})});' +
  // The worker's answer is also the app's (decision 096): a promise on `window.__sabaiIntlMissing`
  // (web/src/lib/intl-data.ts), so the app does not test Intl again on the main thread.
  'if(d.intlWorker)try{w=new Worker(d.intlWorker);var a=new Promise(function(r,j){' +
  'w.onmessage=function(e){var m=Array.isArray(e.data)?e.data:k;r({lang:l,services:m});need(m)};' +
  'w.onerror=function(){j(0);test();if(!busy)next()}});a.catch(function(){});window.__sabaiIntlMissing=a;' +
  'w.postMessage({lang:l,services:k})}catch(e){w=null}' +
  'if(!w)test();' +
  '(d.styles||[]).forEach(function(h){q.push(function(){add(h,1,1)})});(d.modules||[]).forEach(function(h){q.push(function(){add(h,0,1)})});' +
  'next()};' +
  'var done=false,go=function(){if(!done){done=true;try{start()}catch(e){}setTimeout(run,0)}};' +
  "try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')===-1)throw 0;" +
  "new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)go()}).observe({type:'paint',buffered:true})}" +
  "catch(e){requestAnimationFrame(go)}if(document.visibilityState==='hidden')go();setTimeout(go,2000)})()";
/** The worker PRELOAD_SCRIPT tests and warms Intl in (web/public/intl-warm.js, decision 094). */
export const INTL_WORKER = '/intl-warm.js';
/** The CSP source that lets PRELOAD_SCRIPT run. */
export const PRELOAD_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(PRELOAD_SCRIPT).digest('base64')}'`;

/**
 * Run in the therapist list's and the store list's head (decisions 082, 087): the drawn page shows
 * the list's "sorted from the city centre" note exactly when the page's first render will
 * (therapist-list-page.tsx: the sort is "distance", the URL's default, and no position is stored;
 * store-list-page.tsx: no position is stored, the store list has no other sort), so it hides it
 * when the URL names another sort or the phone has a position stored (web/src/lib/storage.ts
 * `sabai.location`, read by hooks/use-user-location.ts). Erring only one way: an unreadable stored value or an unknown
 * sort hides a note the page may then draw itself, never the reverse. Static, allowed by its hash.
 */
export const LIST_NOTE_SCRIPT =
  "(function(){try{var s=new URLSearchParams(location.search).get('sort');" +
  "if((s!==null&&s!=='distance')||localStorage.getItem('sabai.location')!==null)" +
  "document.documentElement.setAttribute('data-list-note','off')}catch(e){" +
  "document.documentElement.setAttribute('data-list-note','off')}})()";
/** The CSP source that lets LIST_NOTE_SCRIPT run. */
export const LIST_NOTE_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(LIST_NOTE_SCRIPT).digest('base64')}'`;

export interface ShellPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

export interface WebShell {
  /**
   * The page for a path in a language, with what its first screen draws from data (first-screen.ts,
   * decision 092): the block its template shows (`{{drawn}}`), and each slot's escaped HTML.
   */
  page(pathname: string, language: Language, firstScreen?: DrawnFirstScreen): ShellPage;
}

/** Where the template takes a slot drawn from data (web/index.html). */
const FIRST_SCREEN_SLOT = /<!--first-screen:([\w-]+)-->/g;
/**
 * A page kind's or a drawn page's own block of the template (`<!--block:home-->…`): sent only to
 * that page, so no other page carries hidden copies of its elements (the app's own page then is
 * the only one with those classes once it has replaced the shell, and before, there is none).
 */
const SHELL_BLOCK = /<!--block:([\w-]+)-->([\s\S]*?)<!--\/block:\1-->/g;

/**
 * The language of the shell, as the web app chooses it (web/src/lib/preferences.ts): the one the
 * user picked (the app mirrors it into the `lang` cookie), else the spec's `lang` header, else the
 * browser's first language.
 */
export function shellLanguage(headers: {
  cookie?: string | undefined;
  lang?: string | string[] | undefined;
  'accept-language'?: string | undefined;
}): Language {
  const cookie = /(?:^|;\s*)lang=([^;]+)/.exec(headers.cookie ?? '')?.[1];
  const picked = cookie ? decodeURIComponent(cookie) : undefined;
  if (isLanguage(picked)) return picked;
  const lang = Array.isArray(headers.lang) ? headers.lang[0] : headers.lang;
  return languageFromHeader(lang ?? headers['accept-language']);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The shell of a built web app, or undefined when the build has none (an older build). */
export function loadWebShell(distDir: string): WebShell | undefined {
  const templateFile = path.join(distDir, '.shell', 'template.html');
  const stringsFile = path.join(distDir, '.shell', 'strings.json');
  if (!existsSync(templateFile) || !existsSync(stringsFile)) return undefined;
  // The entry and its modulepreloads as Vite writes them into the head: taken out, and added by
  // PRELOAD_SCRIPT once the shell has painted (decision 086).
  const built = readFileSync(templateFile, 'utf8');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(built);
  const entryModules: string[] = [];
  const template = (entry ? built.replace(entry[0], '') : built).replace(
    /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g,
    (_tag, href: string) => {
      entryModules.push(href);
      return '';
    },
  );
  const table = JSON.parse(readFileSync(stringsFile, 'utf8')) as ShellStrings;
  const preloadsFile = path.join(distDir, '.shell', 'preloads.json');
  const preloads: RoutePreloads = existsSync(preloadsFile)
    ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as RoutePreloads)
    : {};
  const hasIntlWorker = existsSync(path.join(distDir, INTL_WORKER.slice(1)));
  const languagesFile = path.join(distDir, '.shell', 'languages.json');
  const languages: LanguagePreloads = existsSync(languagesFile)
    ? (JSON.parse(readFileSync(languagesFile, 'utf8')) as LanguagePreloads)
    : {};
  // At most 6 languages × (6 page kinds + the preloaded routes): each drawn and compressed once, on first use.
  const pages = new Map<string, ShellPage>();
  // Pages with data drawn in (a city's banner, a therapist's introduction): as many as there are
  // cities and therapists, so bounded; the data itself is kept fresh by first-screen.ts.
  const pagesWithData = new LRUCache<string, ShellPage>({ max: 500 });

  /**
   * What the page loads once drawn, as data for PRELOAD_SCRIPT at the end of the body: the app's
   * entry and its modulepreloads (decision 086), the language's catalogue and Intl polyfill files
   * (decisions 070, 083), the worker that tests and warms Intl (decision 094) and the route's own
   * chunks and stylesheets (decision 067). Nothing when there is nothing to name (a build without
   * an entry, as the tests' template): no script then.
   */
  const preloadData = (language: Language, route: string): string => {
    const data: {
      entry?: string;
      entryModules?: string[];
      catalogue?: string[];
      intl?: Record<string, string[]>;
      intlWorker?: string;
      styles?: string[];
      modules?: string[];
    } = {};
    if (entry?.[1]) data.entry = entry[1];
    if (entryModules.length) data.entryModules = entryModules;
    const preload = languages[language];
    if (preload?.catalogue.length) data.catalogue = preload.catalogue;
    if (preload && Object.keys(preload.intl).length) data.intl = preload.intl;
    // In every language, English too: the worker's first use of Intl spares the app's first render.
    if (data.entry && hasIntlWorker) data.intlWorker = INTL_WORKER;
    const files = preloads[route] ?? [];
    const styles = files.filter((file) => file.as === 'style').map((file) => file.href);
    const modules = files.filter((file) => file.as === 'script').map((file) => file.href);
    if (styles.length) data.styles = styles;
    if (modules.length) data.modules = modules;
    if (Object.keys(data).length === 0) return '';
    // JSON in a script element: only "<" could end it early.
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    return `<script type="application/json" id="first-screen-preloads">${json}</script><script>${PRELOAD_SCRIPT}</script>`;
  };

  const draw = (
    language: Language,
    kind: { shell: string; tab: string },
    route: string,
    firstScreen: DrawnFirstScreen | undefined,
  ): string => {
    const values: Record<string, string> = {
      ...(table.strings[language] ?? table.strings.en),
      shell: kind.shell,
      tab: kind.tab,
      drawn: firstScreen?.drawn ?? '',
    };
    // No font preload: the page's CSS is inline, so the browser asks for the Khmer or Thai face as
    // soon as it lays out the shell's text; a preload only competed with the scripts (FCP +0.9 s).
    // The list's note script in the head (it decides what the first paint shows); the preloads at
    // the end of the body, asked for once the shell has painted (decision 083).
    const listNote = NOTE_SHELLS.has(kind.shell) ? `<script>${LIST_NOTE_SCRIPT}</script>` : '';
    return template
      .replace(SHELL_BLOCK, (_block, name: string, inner: string) =>
        name === kind.shell || name === firstScreen?.drawn ? inner : '',
      )
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace('</head>', `${listNote}</head>`)
      .replace('</body>', `${preloadData(language, route)}</body>`)
      .replace(/\{\{([\w.-]+)\}\}/g, (_match, key: string) => escapeHtml(values[key] ?? ''))
      .replace(FIRST_SCREEN_SLOT, (_mark, slot: string) => firstScreen?.slots[slot] ?? '');
  };

  const compressed = (html: string): ShellPage => ({
    html,
    br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(html, { level: 9 }),
  });

  return {
    page(pathname, language, firstScreen) {
      const route = pathname.replace(/(.)\/+$/, '$1');
      const kind = TAB_PAGES[route] ?? DRAWN_PAGES[route] ?? PAGE;
      const preloaded = route in preloads ? route : '';
      const key = `${language}|${kind.shell}|${kind.tab}|${preloaded}`;
      const cache = firstScreen ? pagesWithData : pages;
      const cacheKey = firstScreen ? `${key}|${JSON.stringify(firstScreen)}` : key;
      let page = cache.get(cacheKey);
      if (!page) {
        page = compressed(draw(language, kind, preloaded, firstScreen));
        cache.set(cacheKey, page);
      }
      return page;
    },
  };
}

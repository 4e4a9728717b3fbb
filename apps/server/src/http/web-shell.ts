import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { isLanguage, type Language, languageFromHeader } from '@sabai/shared/i18n';

/**
 * The web app's page, drawn by the server in the user's language (issue #17, decision 050): the
 * build leaves index.html's shell as a template with a strings table taken from the web catalogues
 * (apps/web/vite-app-shell.ts); each request fills it for its language and page kind, so the
 * header, the tab bar and a skeleton paint before any JavaScript. Not server rendering: React draws
 * the page itself and replaces the shell.
 */

/** Which header and tab bar the shell draws: the five tab pages of web/src/app/router.tsx. */
const TAB_PAGES: Record<string, { shell: 'home' | 'tab'; tab: string }> = {
  '/': { shell: 'home', tab: 'home' },
  '/instore': { shell: 'tab', tab: 'instore' },
  '/therapist': { shell: 'tab', tab: 'book' },
  '/order': { shell: 'tab', tab: 'orders' },
  '/my': { shell: 'tab', tab: 'me' },
};
/**
 * Pages whose first screen the shell draws beyond the header (decision 082): the therapist list's
 * title and its "sorted from the city centre" note, its largest first-screen text.
 */
const DRAWN_PAGES: Record<string, { shell: 'therapist-list'; tab: string }> = {
  '/therapist/therapistList': { shell: 'therapist-list', tab: '' },
};
const PAGE = { shell: 'page', tab: '' } as const;

interface ShellStrings {
  strings: Record<string, Record<string, string>>;
}

/** dist/.shell/preloads.json: per first-screen pathname, the files its page loads beyond the entry. */
type RoutePreloads = Record<string, { href: string; as: 'script' | 'style' }[]>;

/** dist/.shell/languages.json: per language but English, its catalogue and Intl polyfill files. */
type LanguagePreloads = Record<string, { catalogue: string[]; intl: Record<string, string[]> }>;

/**
 * Run while the page is parsed: for each Intl service this browser has no data for in the page's
 * language (Debian's Chromium and some Android WebViews lack Khmer's), fetch that service's
 * FormatJS polyfill and the language's data now, beside the entry. The app waits for them before
 * its first render (src/lib/intl-data.ts), and found them only after the entry had run: one round
 * trip of a phone's network later (decision 070). A browser with the data fetches nothing. Same
 * test as the app's missingIntlServices. Static, so the CSP allows it by its hash.
 */
export const INTL_PRELOAD_SCRIPT =
  "(function(){try{var l=document.documentElement.lang,f=JSON.parse(document.getElementById('intl-preloads').textContent),s={};" +
  'for(var k in f){var m=true;try{m=Intl[k].supportedLocalesOf([l]).length===0}catch(e){}' +
  'if(m)f[k].forEach(function(h){s[h]=1})}' +
  "for(var h in s){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';" +
  "e.fetchPriority='low';e.href=h;document.head.appendChild(e)}}catch(e){}})()";
/** The CSP source that lets INTL_PRELOAD_SCRIPT (and no other inline script) run. */
export const INTL_PRELOAD_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(INTL_PRELOAD_SCRIPT).digest('base64')}'`;

/**
 * Run in the therapist list's head (decision 082): the drawn page shows the list's "sorted from the
 * city centre" note exactly when the page's first render will (therapist-list-page.tsx: the sort is
 * "distance", the URL's default, and no position is stored), so it hides it when the URL names
 * another sort or the phone has a position stored (web/src/lib/storage.ts `sabai.location`, read
 * by hooks/use-user-location.ts). Erring only one way: an unreadable stored value or an unknown
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
  page(pathname: string, language: Language): ShellPage;
}

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
  const template = readFileSync(templateFile, 'utf8');
  const table = JSON.parse(readFileSync(stringsFile, 'utf8')) as ShellStrings;
  const preloadsFile = path.join(distDir, '.shell', 'preloads.json');
  const preloads: RoutePreloads = existsSync(preloadsFile)
    ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as RoutePreloads)
    : {};
  const languagesFile = path.join(distDir, '.shell', 'languages.json');
  const languages: LanguagePreloads = existsSync(languagesFile)
    ? (JSON.parse(readFileSync(languagesFile, 'utf8')) as LanguagePreloads)
    : {};
  // At most 6 languages × (6 page kinds + the preloaded routes): each drawn and compressed once, on first use.
  const pages = new Map<string, ShellPage>();

  /**
   * The page's own chunks named in its head: the browser fetches them beside the entry instead of
   * one step after it (the entry, then the route's chunk, then what that imports), each step a
   * round trip on a phone's network (decision 067). At low priority: the shell's own entry and
   * vendor file, which draw the first paint, go first on the phone's few connections.
   */
  const preloadTags = (route: string): string =>
    (preloads[route] ?? [])
      .map(({ href, as }) =>
        as === 'style'
          ? // crossorigin as the page's own request for it (Vite's preload helper): a preload in
            // another credentials mode is not used, and the stylesheet is fetched twice.
            `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${escapeHtml(href)}">`
          : `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeHtml(href)}">`,
      )
      .join('');

  /**
   * What the first render in a language other than English waits for beyond the entry: its
   * catalogue (every browser), and the Intl polyfill files a browser without the language's data
   * picks with INTL_PRELOAD_SCRIPT (decision 070). Low priority, as the route's chunks.
   */
  const languageTags = (language: Language): string => {
    const preload = languages[language];
    if (!preload) return '';
    const catalogue = preload.catalogue
      .map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeHtml(href)}">`)
      .join('');
    // JSON in a script element: only "<" could end it early.
    const intl = JSON.stringify(preload.intl).replace(/</g, '\\u003c');
    return `${catalogue}<script type="application/json" id="intl-preloads">${intl}</script><script>${INTL_PRELOAD_SCRIPT}</script>`;
  };

  const draw = (language: Language, kind: { shell: string; tab: string }, route: string): string => {
    const values: Record<string, string> = {
      ...(table.strings[language] ?? table.strings.en),
      shell: kind.shell,
      tab: kind.tab,
    };
    // No font preload: the page's CSS is inline, so the browser asks for the Khmer or Thai face as
    // soon as it lays out the shell's text; a preload only competed with the scripts (FCP +0.9 s).
    // The language's files first: the first render waits for them before any page chunk is used,
    // and the browser starts low-priority fetches in the order it meets them.
    const listNote = kind.shell === 'therapist-list' ? `<script>${LIST_NOTE_SCRIPT}</script>` : '';
    return template
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace('</head>', `${listNote}${languageTags(language)}${preloadTags(route)}</head>`)
      .replace(/\{\{([\w.-]+)\}\}/g, (_match, key: string) => escapeHtml(values[key] ?? ''));
  };

  return {
    page(pathname, language) {
      const route = pathname.replace(/(.)\/+$/, '$1');
      const kind = TAB_PAGES[route] ?? DRAWN_PAGES[route] ?? PAGE;
      const preloaded = route in preloads ? route : '';
      const key = `${language}|${kind.shell}|${kind.tab}|${preloaded}`;
      let page = pages.get(key);
      if (!page) {
        const html = draw(language, kind, preloaded);
        page = {
          html,
          br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
          gzip: gzipSync(html, { level: 9 }),
        };
        pages.set(key, page);
      }
      return page;
    },
  };
}

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
const PAGE = { shell: 'page', tab: '' } as const;

interface ShellStrings {
  strings: Record<string, Record<string, string>>;
}

/** dist/.shell/preloads.json: per first-screen pathname, the files its page loads beyond the entry. */
type RoutePreloads = Record<string, { href: string; as: 'script' | 'style' }[]>;

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
          ? `<link rel="preload" as="style" fetchpriority="low" href="${escapeHtml(href)}">`
          : `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeHtml(href)}">`,
      )
      .join('');

  const draw = (language: Language, kind: { shell: string; tab: string }, route: string): string => {
    const values: Record<string, string> = {
      ...(table.strings[language] ?? table.strings.en),
      shell: kind.shell,
      tab: kind.tab,
    };
    // No font preload: the page's CSS is inline, so the browser asks for the Khmer or Thai face as
    // soon as it lays out the shell's text; a preload only competed with the scripts (FCP +0.9 s).
    return template
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace('</head>', `${preloadTags(route)}</head>`)
      .replace(/\{\{([\w.-]+)\}\}/g, (_match, key: string) => escapeHtml(values[key] ?? ''));
  };

  return {
    page(pathname, language) {
      const route = pathname.replace(/(.)\/+$/, '$1');
      const kind = TAB_PAGES[route] ?? PAGE;
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

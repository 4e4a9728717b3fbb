import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * The server-drawn app shell (issue #17, decision 050). index.html carries the shell with
 * `{{namespace.key}}` placeholders (and `{{shell}}`, `{{tab}}`; the server sets `<html lang>`). The build:
 * - inlines the first screen's stylesheet (a few KB) into the page: the shell paints from the HTML
 *   alone, nothing render-blocking before it;
 * - writes dist/.shell/template.html (the final page with its placeholders) and
 *   dist/.shell/strings.json (each language's strings for those placeholders, taken from the
 *   catalogues): the server fills the template per request
 *   (apps/server/src/http/web-shell.ts);
 * - leaves dist/index.html filled in English as a neutral page: the service worker's offline copy
 *   and what any host without the server would send.
 * - writes dist/.shell/preloads.json: for each first-screen route, the scripts and stylesheets its
 *   page needs beyond the entry (its chunk and what that imports statically): the server names them
 *   in the page (`modulepreload`), so the browser fetches them with the entry instead of a step
 *   after it, a round trip each on a phone's network (decision 067).
 * Dot folders are never served (@fastify/static `dotfiles: 'ignore'`) nor precached.
 */
const LANGUAGES = ['en', 'km', 'th', 'vi', 'zh-CN', 'zh-TW'] as const;
const PLACEHOLDER = /\{\{([\w.-]+)\}\}/g;

/** A file a route's page needs, named in the drawn page. */
export interface RoutePreload {
  href: string;
  as: 'script' | 'style';
}

export interface ShellStrings {
  /** Per language: placeholder key → text (plain text; the server escapes it). */
  strings: Record<string, Record<string, string>>;
}

function lookup(catalogue: unknown, keyPath: string[]): string | undefined {
  let node = catalogue;
  for (const key of keyPath) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'string' ? node : undefined;
}

function readStrings(localesDir: string, keys: string[]): ShellStrings['strings'] {
  const strings: ShellStrings['strings'] = {};
  for (const language of LANGUAGES) {
    const table: Record<string, string> = {};
    for (const key of keys) {
      const [namespace, ...keyPath] = key.split('.');
      const file = (lang: string) => path.join(localesDir, lang, `${namespace}.json`);
      const text =
        lookup(JSON.parse(readFileSync(file(language), 'utf8')), keyPath) ??
        lookup(JSON.parse(readFileSync(file('en'), 'utf8')), keyPath);
      if (text === undefined) throw new Error(`index.html names {{${key}}}, missing from the catalogues`);
      table[key] = text;
    }
    strings[language] = table;
  }
  return strings;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Fills the placeholders; unknown ones are an error (a typo would otherwise ship as "{{…}}"). */
export function fillShell(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`no value for {{${key}}}`);
    return escapeHtml(value);
  });
}

/**
 * The build's chunks and their static-import graph: `closure` is a set of chunks with everything
 * they import, `entry` what the entry loads anyway (so a preload list can leave it out).
 */
function chunkGraph(bundle: Rollup.OutputBundle) {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: Rollup.OutputChunk[], seen = new Set<string>()) => {
    for (const chunk of start) {
      if (seen.has(chunk.fileName)) continue;
      seen.add(chunk.fileName);
      closure(
        chunk.imports.flatMap((file) => byFile.get(file) ?? []),
        seen,
      );
    }
    return seen;
  };
  return { chunks, byFile, closure, entry: closure(chunks.filter((chunk) => chunk.isEntry)) };
}

/**
 * A route's files: each named module's chunk and its static imports, less what the entry loads
 * anyway. An unknown module is an error: a renamed page must not silently lose its preloads.
 */
function routePreloads(bundle: Rollup.OutputBundle, root: string, modules: string[]): RoutePreload[] {
  const { chunks, byFile, closure, entry } = chunkGraph(bundle);
  const files = new Set<string>();
  for (const module of modules) {
    const id = path.resolve(root, module);
    // Its own chunk, or the group chunk that holds it (providers.tsx is in page-shell).
    const chunk =
      chunks.find((candidate) => candidate.facadeModuleId === id) ??
      chunks.find((candidate) => candidate.moduleIds.includes(id));
    if (!chunk) throw new Error(`preloads: ${module} is no chunk of the build`);
    for (const file of closure([chunk])) if (!entry.has(file)) files.add(file);
  }
  const css = [...files].flatMap((file) => [
    ...((byFile.get(file) as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ??
      []),
  ]);
  return [
    ...[...new Set(css)].map((file) => ({ href: `/${file}`, as: 'style' as const })),
    ...[...files].map((file) => ({ href: `/${file}`, as: 'script' as const })),
  ];
}

/** The FormatJS package of each Intl service the app polyfills (src/lib/intl-polyfill.ts). */
const INTL_PACKAGES = {
  NumberFormat: 'intl-numberformat',
  PluralRules: 'intl-pluralrules',
  DateTimeFormat: 'intl-datetimeformat',
  RelativeTimeFormat: 'intl-relativetimeformat',
  DisplayNames: 'intl-displaynames',
} as const;

/**
 * Per language, what its first render waits for beyond the entry: the catalogue chunk, and on a
 * browser without the language's Intl data the polyfill classes, their helpers and the data. The
 * drawn page names them, so they are fetched beside the entry, not a step after it (decision 070).
 * `localeFiles`: the app's language → FormatJS's locale-data names, first found wins (as
 * src/lib/intl-polyfill.ts imports them).
 */
export interface LanguagePreloads {
  /** The language's catalogue chunk (src/locales/<lang>/index.ts): every page in it needs it. */
  catalogue: string[];
  /** Intl service → its polyfill's files and the language's data, for browsers without that data. */
  intl: Record<string, string[]>;
}

function languagePreloads(
  bundle: Rollup.OutputBundle,
  root: string,
  localeFiles: Record<string, string[]>,
): Record<string, LanguagePreloads> {
  const { chunks, closure, entry } = chunkGraph(bundle);
  const facade = (pattern: RegExp) => chunks.find((chunk) => pattern.test(chunk.facadeModuleId ?? ''));
  const outsideEntry = (start: Rollup.OutputChunk[]) =>
    [...closure(start)].filter((file) => !entry.has(file)).map((file) => `/${file}`);
  // The app's bridge (src/lib/intl-polyfill.ts): whichever service is missing, it runs too.
  const bridgeId = path.resolve(root, 'src/lib/intl-polyfill.ts');
  const bridge = chunks.find((chunk) => chunk.facadeModuleId === bridgeId);
  if (!bridge) throw new Error('language preloads: src/lib/intl-polyfill.ts is no chunk of the build');
  const result: Record<string, LanguagePreloads> = {};
  for (const [language, names] of Object.entries(localeFiles)) {
    const catalogueId = path.resolve(root, `src/locales/${language}/index.ts`);
    const catalogue = chunks.find((chunk) => chunk.facadeModuleId === catalogueId);
    if (!catalogue) throw new Error(`language preloads: src/locales/${language} is no chunk of the build`);
    const services: Record<string, string[]> = {};
    for (const [service, pkg] of Object.entries(INTL_PACKAGES)) {
      const inPackage = `node_modules[\\/]@formatjs[\\/]${pkg}[\\/]`;
      const polyfill = facade(new RegExp(`${inPackage}(?!locale-data)[^\\/]+\\.js$`));
      const data = names
        .map((name) => facade(new RegExp(`${inPackage}locale-data[\\/]${name}\\.js$`)))
        .find(Boolean);
      // A FormatJS upgrade that moves its files must not silently drop the early fetch.
      if (!polyfill || !data) throw new Error(`intl preloads: no ${pkg} chunk for ${language}`);
      services[service] = outsideEntry([bridge, polyfill, data]);
    }
    result[language] = { catalogue: outsideEntry([catalogue]), intl: services };
  }
  return result;
}

export function appShell(options: {
  localesDir: string;
  /** Pathname → the modules (from the web app's root) its first screen loads. */
  preloads?: Record<string, string[]>;
  /** Each language but English → its FormatJS locale-data names (first found wins). */
  languages?: Record<string, string[]>;
}): Plugin {
  let outDir = 'dist';
  let root = '.';
  let template: string | undefined;
  let shellStrings: ShellStrings | undefined;
  let preloads: Record<string, RoutePreload[]> = {};
  let languages: Record<string, LanguagePreloads> = {};
  const placeholderKeys = (html: string) =>
    [...new Set([...html.matchAll(PLACEHOLDER)].map((match) => match[1] as string))].filter((key) =>
      key.includes('.'),
    );
  // The neutral page draws no page kind's block (web-shell.ts sends each only to its own page).
  const english = (html: string) =>
    fillShell(html.replace(/<!--block:([\w-]+)-->[\s\S]*?<!--\/block:\1-->/g, ''), {
      ...readStrings(options.localesDir, placeholderKeys(html)).en,
      shell: 'page',
      tab: '',
      drawn: '',
    });
  return {
    name: 'sabai:app-shell',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle as Rollup.OutputBundle | undefined;
        if (!bundle) return english(html);
        // The entry's stylesheet into the page: one round trip less before the first paint.
        const inlined = html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g,
          (link, fileName: string) => {
            const asset = bundle[fileName] as Rollup.OutputAsset | undefined;
            if (asset?.type !== 'asset') return link;
            return `<style>${String(asset.source).replace(/<\/style/gi, '<\\/style')}</style>`;
          },
        );
        // Still a template: other plugins add their tags after this hook (the service worker's
        // registration, the manifest); generateBundle below takes the finished page.
        return inlined;
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return;
        preloads = Object.fromEntries(
          Object.entries(options.preloads ?? {}).map(([pathname, modules]) => [
            pathname,
            routePreloads(bundle, root, modules),
          ]),
        );
        languages = languagePreloads(bundle, root, options.languages ?? {});
        template = String(page.source);
        shellStrings = { strings: readStrings(options.localesDir, placeholderKeys(template)) };
        page.source = english(template);
      },
    },
    closeBundle() {
      if (!template || !shellStrings) return;
      const dir = path.join(outDir, '.shell');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'template.html'), template);
      writeFileSync(path.join(dir, 'strings.json'), JSON.stringify(shellStrings));
      writeFileSync(path.join(dir, 'preloads.json'), JSON.stringify(preloads));
      writeFileSync(path.join(dir, 'languages.json'), JSON.stringify(languages));
    },
  };
}

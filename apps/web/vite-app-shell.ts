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
 * A route's files: each named module's chunk and its static imports, less what the entry loads
 * anyway. An unknown module is an error: a renamed page must not silently lose its preloads.
 */
function routePreloads(bundle: Rollup.OutputBundle, root: string, modules: string[]): RoutePreload[] {
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
  const entry = closure(chunks.filter((chunk) => chunk.isEntry));
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

export function appShell(options: {
  localesDir: string;
  /** Pathname → the modules (from the web app's root) its first screen loads. */
  preloads?: Record<string, string[]>;
}): Plugin {
  let outDir = 'dist';
  let root = '.';
  let template: string | undefined;
  let shellStrings: ShellStrings | undefined;
  let preloads: Record<string, RoutePreload[]> = {};
  const placeholderKeys = (html: string) =>
    [...new Set([...html.matchAll(PLACEHOLDER)].map((match) => match[1] as string))].filter((key) =>
      key.includes('.'),
    );
  const english = (html: string) =>
    fillShell(html, {
      ...readStrings(options.localesDir, placeholderKeys(html)).en,
      shell: 'page',
      tab: '',
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
    },
  };
}

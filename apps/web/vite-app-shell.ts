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
 * Dot folders are never served (@fastify/static `dotfiles: 'ignore'`) nor precached.
 */
const LANGUAGES = ['en', 'km', 'th', 'vi', 'zh-CN', 'zh-TW'] as const;
const PLACEHOLDER = /\{\{([\w.-]+)\}\}/g;

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

export function appShell(options: { localesDir: string }): Plugin {
  let outDir = 'dist';
  let template: string | undefined;
  let shellStrings: ShellStrings | undefined;
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
    },
  };
}

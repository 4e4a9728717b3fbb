import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sabai/shared/i18n';

/** namespace → flattened key → text, for one language. */
type Catalogue = Map<string, Map<string, string>>;

const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'locales');

function flatten(value: unknown, prefix: string, into: Map<string, string>): void {
  if (typeof value === 'string') {
    into.set(prefix, value);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  }
}

function loadCatalogues(): Map<Language, Catalogue> {
  const all = new Map<Language, Catalogue>();
  for (const language of LANGUAGES) {
    const catalogue: Catalogue = new Map();
    const dir = path.join(LOCALES_DIR, language);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const entries = new Map<string, string>();
      flatten(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), '', entries);
      catalogue.set(path.basename(file, '.json'), entries);
    }
    all.set(language, catalogue);
  }
  return all;
}

const catalogues = loadCatalogues();

/** Every language's flattened keys per namespace; the catalogue test compares them. */
export function catalogueKeys(language: Language): Map<string, string[]> {
  const catalogue = catalogues.get(language) ?? new Map();
  return new Map([...catalogue].map(([namespace, entries]) => [namespace, [...entries.keys()].sort()]));
}

export function catalogueText(language: Language, namespace: string, key: string): string | undefined {
  return catalogues.get(language)?.get(namespace)?.get(key);
}

/**
 * Translates `namespace:key` into the language, falling back to English and then to the key, and
 * fills `{{name}}` placeholders.
 */
export function translate(
  language: Language,
  fullKey: string,
  params: Record<string, string | number> = {},
): string {
  const [namespace, key] = fullKey.includes(':') ? fullKey.split(':', 2) : ['common', fullKey];
  const text =
    catalogueText(language, namespace as string, key as string) ??
    catalogueText(DEFAULT_LANGUAGE, namespace as string, key as string) ??
    fullKey;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

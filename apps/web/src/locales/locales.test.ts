import { LANGUAGES } from '@sabai/shared/i18n';
import { describe, expect, it } from 'vitest';

/** Every language has exactly English's keys, and actually translates them. */
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

// Keys whose value may equal the English one: brand names and pure placeholders.
const SAME_AS_ENGLISH_ALLOWED = new Set(['common:brand', 'common:titleFormat']);

function flatten(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else if (value && typeof value === 'object') {
      for (const [k, v] of flatten(value as Record<string, unknown>, path)) result.set(k, v);
    } else result.set(path, String(value));
  }
  return result;
}

function load(language: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const [path, content] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match || match[1] !== language) continue;
    for (const [key, value] of flatten(content)) all.set(`${match[2]}:${key}`, value);
  }
  return all;
}

const english = load('en');
const letters = (value: string) => (value.replace(/\{\{[^}]*\}\}/g, '').match(/\p{L}/gu) ?? []).length;

describe('locales', () => {
  it('has English strings to compare against', () => {
    expect(english.size).toBeGreaterThan(40);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has exactly the English keys',
    (language) => {
      const translated = load(language);
      const missing = [...english.keys()].filter((key) => !translated.has(key));
      const extra = [...translated.keys()].filter((key) => !english.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    },
  );

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s translates every string', (language) => {
    const translated = load(language);
    const untranslated = [...english.entries()]
      .filter(([key, value]) => letters(value) > 3 && translated.get(key) === value)
      .map(([key]) => key)
      .filter((key) => !SAME_AS_ENGLISH_ALLOWED.has(key));
    expect(untranslated).toEqual([]);
  });

  it.each(LANGUAGES)('%s keeps every {{placeholder}} of English', (language) => {
    const translated = load(language);
    const placeholders = (value: string) => (value.match(/\{\{[^}]+\}\}/g) ?? []).sort().join(',');
    const broken = [...english.entries()]
      .filter(([key, value]) => placeholders(value) !== placeholders(translated.get(key) ?? ''))
      .map(([key]) => key);
    expect(broken).toEqual([]);
  });
});

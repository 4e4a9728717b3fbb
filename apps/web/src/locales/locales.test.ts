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

// i18next's plural keys: `reviews_one`, `reviews_other` (the CLDR categories of the language).
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');
/** Keys with their plural forms folded into one (`discovery:therapist.reviews`). */
const baseKeys = (catalogue: Map<string, string>) => new Set([...catalogue.keys()].map(baseKey));
/** The plural forms a catalogue writes for each plural key. */
function pluralForms(catalogue: Map<string, string>): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const key of catalogue.keys()) {
    const match = PLURAL_SUFFIX.exec(key);
    if (!match?.[1]) continue;
    forms.set(baseKey(key), [...(forms.get(baseKey(key)) ?? []), match[1]].sort());
  }
  return forms;
}
/** English's text for a key of another catalogue (a plural form compares with English's `other`). */
const englishFor = (key: string) => english.get(key) ?? english.get(`${baseKey(key)}_other`);
const letters = (value: string) => (value.replace(/\{\{[^}]*\}\}/g, '').match(/\p{L}/gu) ?? []).length;

describe('locales', () => {
  it('has English strings to compare against', () => {
    expect(english.size).toBeGreaterThan(40);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has exactly the English keys',
    (language) => {
      const translated = baseKeys(load(language));
      const expected = baseKeys(english);
      const missing = [...expected].filter((key) => !translated.has(key));
      const extra = [...translated].filter((key) => !expected.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    },
  );

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s translates every string', (language) => {
    const translated = load(language);
    const untranslated = [...translated.entries()]
      .filter(([key, value]) => {
        const source = englishFor(key) ?? '';
        return letters(source) > 3 && source === value;
      })
      .map(([key]) => key)
      .filter((key) => !SAME_AS_ENGLISH_ALLOWED.has(key));
    expect(untranslated).toEqual([]);
  });

  it.each(LANGUAGES)('%s keeps every {{placeholder}} of English', (language) => {
    const translated = load(language);
    const placeholders = (value: string) => (value.match(/\{\{[^}]+\}\}/g) ?? []).sort().join(',');
    const broken = [...translated.entries()]
      .filter(([key, value]) => placeholders(englishFor(key) ?? '') !== placeholders(value))
      .map(([key]) => key);
    expect(broken).toEqual([]);
  });

  it('has plural keys where a count is shown', () => {
    // "1 reviews", "1 followers": a count beside a noun needs the language's plural forms.
    expect(pluralForms(english).get('discovery:therapist.reviews')).toEqual(['one', 'other']);
    expect(pluralForms(english).get('discovery:engagement.followers')).toEqual(['one', 'other']);
  });

  it.each(LANGUAGES)(
    '%s writes exactly the plural forms its language needs for every plural key',
    (language) => {
      const needed = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
      const translated = pluralForms(load(language));
      const wrong = [...pluralForms(english).keys()]
        .map((key) => ({ key, forms: translated.get(key) ?? [] }))
        .filter(({ forms }) => forms.join() !== needed.join());
      expect({ language, needed, wrong }).toEqual({ language, needed, wrong: [] });
      // A plural key is never also written without its suffix.
      const loose = [...translated.keys()].filter((key) => load(language).has(key));
      expect(loose).toEqual([]);
    },
  );
});

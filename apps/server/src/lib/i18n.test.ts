import { ERROR_CODES } from '@sabai/shared/error-codes';
import { LANGUAGES } from '@sabai/shared/i18n';
import { describe, expect, it } from 'vitest';
import { catalogueKeys, catalogueText, translate } from './i18n';

describe('server translation catalogues', () => {
  const english = catalogueKeys('en');

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the English keys, translated', (language) => {
    const keys = catalogueKeys(language);
    expect([...keys.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [namespace, names] of english) {
      expect(keys.get(namespace), `${language}/${namespace}`).toEqual(names);
      const untranslated = names.filter((key) => {
        const text = catalogueText(language, namespace, key) ?? '';
        return text.length > 3 && text === catalogueText('en', namespace, key);
      });
      expect(untranslated, `${language}/${namespace} copies English`).toEqual([]);
    }
  });

  it('has a message for every error code in the catalogue', () => {
    const messages = english.get('errors') ?? [];
    expect(messages.sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });

  it('fills placeholders and falls back to the key when text is missing', () => {
    expect(translate('en', 'errors:bodyTooLarge', { limit: '1 KB' })).toBe(
      'The request is too large (limit 1 KB).',
    );
    expect(translate('km', 'errors:no.such.key')).toBe('errors:no.such.key');
  });
});

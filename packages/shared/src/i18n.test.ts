import { describe, expect, it } from 'vitest';
import { LANG_HEADER, LANGUAGES, languageFromHeader } from './i18n';

describe('languageFromHeader', () => {
  it('reads every header value of the spec back to its language', () => {
    for (const language of LANGUAGES) expect(languageFromHeader(LANG_HEADER[language])).toBe(language);
  });

  it.each([
    ['zh-Hant-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh', 'zh-CN'],
    ['km', 'km'],
    ['th-TH,en;q=0.8', 'th'],
    ['fr-FR', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('maps %s to %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });
});

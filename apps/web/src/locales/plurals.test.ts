import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../lib/i18n';

/** The real catalogues through the app's i18next: the count picks the form, and reads compact. */
async function translate(language: 'en' | 'km' | 'th', key: string, count: number) {
  await changeLanguage(language);
  await i18n.loadNamespaces('discovery');
  return i18n.t(`discovery:${key}`, { count });
}

afterAll(() => changeLanguage('en'));

describe('counts beside a noun', () => {
  it('say "1 review", "1 follower" in English, and the plural from two on', async () => {
    expect(await translate('en', 'therapist.reviews', 1)).toBe('1 review');
    expect(await translate('en', 'therapist.reviews', 2)).toBe('2 reviews');
    expect(await translate('en', 'therapist.reviews', 0)).toBe('0 reviews');
    expect(await translate('en', 'engagement.followers', 1)).toBe('1 follower');
    expect(await translate('en', 'therapist.orders', 1)).toBe('1 order');
    expect(await translate('en', 'project.therapistCount', 1)).toBe('1 therapist offers this');
    expect(await translate('en', 'project.storeCount', 3)).toBe('3 stores offer this');
  });

  it('write large counts in the short form', async () => {
    expect(await translate('en', 'therapist.orders', 1234)).toBe('1.2K orders');
  });

  it('use the one form Khmer and Thai have, with their words', async () => {
    expect(await translate('km', 'therapist.reviews', 1)).toBe('ការវាយតម្លៃ 1');
    expect(await translate('km', 'engagement.followers', 21)).toBe('អ្នកតាមដាន 21');
    expect(await translate('th', 'therapist.reviews', 1)).toBe('1 รีวิว');
  });
});

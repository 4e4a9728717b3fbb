import type { Language } from '@sabai/shared/i18n';

/** The Intl services the app formats with; each can lack a language's data on its own. */
export const INTL_SERVICES = [
  'NumberFormat',
  'PluralRules',
  'DateTimeFormat',
  'RelativeTimeFormat',
  'DisplayNames',
] as const;
export type IntlService = (typeof INTL_SERVICES)[number];

/**
 * The services this browser has no data for in the language. Some browsers ship without Khmer
 * (Debian's Chromium, some Android WebViews): they would format "2026 M10 21" and "-26 d".
 */
export function missingIntlServices(language: Language): IntlService[] {
  return INTL_SERVICES.filter((service) => {
    try {
      const intlService = Intl[service] as { supportedLocalesOf(locales: string[]): string[] };
      return intlService.supportedLocalesOf([language]).length === 0;
    } catch {
      return true;
    }
  });
}

/**
 * Makes dates, relative times, numbers, currency names and plurals read natively in the language:
 * when the browser lacks its data, the FormatJS polyfills and that language's data only are
 * fetched (a lazy chunk, never on the first screen of a browser that has the data).
 */
export async function ensureIntlData(language: Language): Promise<void> {
  // English first: every engine has its data, and the test is the page's first use of Intl, which
  // loads the browser's data (100–190 ms on a slow phone) before the first render (decision 090).
  if (language === 'en') return;
  const missing = missingIntlServices(language);
  if (missing.length === 0) return;
  const { polyfillIntl } = await import('./intl-polyfill');
  await polyfillIntl(language, missing);
}

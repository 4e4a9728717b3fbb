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

/** What the drawn page's Intl worker answered (the server's web-shell.ts PRELOAD_SCRIPT, decision 096). */
interface DrawnPageIntlAnswer {
  lang: string;
  services: unknown;
}
declare global {
  interface Window {
    /** Settles with the worker's answer; rejected when the worker failed (then the page tested itself). */
    __sabaiIntlMissing?: Promise<DrawnPageIntlAnswer>;
  }
}
/** How long the app waits for the worker's answer before it tests for itself. */
export const DRAWN_PAGE_ANSWER_WAIT_MS = 2000;

/**
 * The services lacking the language as the drawn page's worker found them, or undefined when there
 * is no such answer for this language (no drawn page, no worker, a failed or slow one, another
 * language). Awaited, not tested: a test here is the main thread's first use of Intl, one long task
 * on a phone (≈ 150 ms in a Khmer first load under Lighthouse's 4× slowdown) while the worker is
 * loading the same data.
 */
async function missingAsTheDrawnPageFound(language: Language): Promise<IntlService[] | undefined> {
  const pending = typeof window === 'undefined' ? undefined : window.__sabaiIntlMissing;
  if (!pending) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, DRAWN_PAGE_ANSWER_WAIT_MS, undefined);
  });
  const answer = await Promise.race([pending.catch(() => undefined), late]);
  clearTimeout(timer);
  if (answer?.lang !== language || !Array.isArray(answer.services)) return undefined;
  const services: unknown[] = answer.services;
  return INTL_SERVICES.filter((service) => services.includes(service));
}

/** The services lacking the language: the drawn page's answer when it has one, else tested here. */
export async function servicesLackingLanguage(language: Language): Promise<IntlService[]> {
  return (await missingAsTheDrawnPageFound(language)) ?? missingIntlServices(language);
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
  const missing = await servicesLackingLanguage(language);
  if (missing.length === 0) return;
  const { polyfillIntl } = await import('./intl-polyfill');
  await polyfillIntl(language, missing);
}

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sabai/shared/i18n';
import type { Locale } from 'antd-mobile/es/locales/base';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en';
import type { LocaleBundle, Namespace } from '../locales/types';
import { ensureIntlData } from './intl-data';
import { STORAGE_KEYS, writeStored } from './storage';

/**
 * English ships in the main bundle (it is the fallback); every other language is its own chunk,
 * fetched only when chosen (its antd-mobile locale and page namespaces follow separately).
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: LocaleBundle }>> = {
  km: () => import('../locales/km'),
  th: () => import('../locales/th'),
  vi: () => import('../locales/vi'),
  'zh-CN': () => import('../locales/zh-CN'),
  'zh-TW': () => import('../locales/zh-TW'),
};

export const NAMESPACES = Object.keys(en.resources) as Namespace[];

/**
 * The namespaces of page families (identity, discovery, orders) and of the shared page views (ui) stay out of the language chunks: each
 * language's copy is its own small chunk, fetched the first time a page asks for the namespace
 * (react-i18next suspends that page until it arrives). The first screen carries only the shell's.
 */
// Every namespace outside the language chunk's shell set (locales/<lang>/index.ts) is a page namespace.
const pageNamespaceLoaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/*/{common,nav,home,instore,therapist,me,settings}.json',
]);
const pageNamespaces: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const load = pageNamespaceLoaders[`../locales/${language}/${namespace}.json`];
    // Shell namespaces come with the language chunk; nothing more to fetch.
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

export const i18n: I18n = i18next.createInstance();

// antd-mobile locales of the languages loaded so far (English's is antd-mobile's default, see
// vite.config.ts). They only word antd's own controls (dialog buttons, pull-to-refresh), which the
// first screen does not show: fetched beside the language, never awaited before the first paint.
const antdLocales = new Map<Language, Locale>();
const antdLoaders: Record<Exclude<Language, 'en'>, () => Promise<Locale>> = {
  km: () => import('../locales/km/antd-mobile').then((module) => module.kmKH),
  th: () => import('antd-mobile/es/locales/th-TH').then((module) => module.default),
  vi: () => import('antd-mobile/es/locales/vi-VN').then((module) => module.default),
  'zh-CN': () => import('antd-mobile/es/locales/zh-CN').then((module) => module.default),
  'zh-TW': () => import('antd-mobile/es/locales/zh-TW').then((module) => module.default),
};
const antdListeners = new Set<() => void>();

/** Subscribe to antd-mobile locales arriving (for useSyncExternalStore in the page providers). */
export function subscribeAntdLocales(listener: () => void): () => void {
  antdListeners.add(listener);
  return () => antdListeners.delete(listener);
}

function loadAntdLocale(language: Exclude<Language, 'en'>): void {
  if (antdLocales.has(language)) return;
  antdLoaders[language]().then(
    (locale) => {
      antdLocales.set(language, locale);
      for (const listener of antdListeners) listener();
    },
    () => {
      // Offline: antd's controls stay in English; the app's own strings are already translated.
    },
  );
}
const loadedLanguages = new Set<Language>(['en']);

export function findAntdLocale(language: string): Locale | undefined {
  return antdLocales.get(language as Language);
}

function addBundle(language: Language, bundle: LocaleBundle): void {
  // Every namespace the bundle carries, including those English loads later with their pages.
  for (const [namespace, resources] of Object.entries(bundle.resources)) {
    i18n.addResourceBundle(language, namespace, resources, true, true);
  }
  loadedLanguages.add(language);
}

export async function loadLanguage(language: Language): Promise<void> {
  if (loadedLanguages.has(language) || language === 'en') return;
  loadAntdLocale(language);
  // Dates, numbers and currency names in the language, where the browser lacks its Intl data. A
  // failed fetch (offline) leaves the browser's own formatting rather than no language at all.
  const [bundle] = await Promise.all([loaders[language](), ensureIntlData(language).catch(() => {})]);
  addBundle(language, bundle.default);
}

function reflectLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  // The server draws the next page's shell in this language (decision 050): it cannot read
  // localStorage, so the choice goes with each request too.
  // biome-ignore lint/suspicious/noDocumentCookie: one preference cookie; the Cookie Store API is missing from the WebViews we serve
  document.cookie = `lang=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`;
}

export async function initI18n(language: Language): Promise<void> {
  i18n.use(initReactI18next).use(pageNamespaces);
  await i18n.init({
    // Bundled resources for the shell, the backend above for page namespaces.
    partialBundledLanguages: true,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: NAMESPACES,
    defaultNS: 'common',
    resources: { en: en.resources },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // `{{count, compact}}`: a count in the language's short form ("1.2K", "1,2 N"); the number itself
  // picks the plural form (reviews_one / reviews_other).
  // (as lib/format's formatCount; written here so the first screen's bundle does not take format.ts).
  i18n.services.formatter?.addCached('compact', (language: string | undefined) => {
    const format = new Intl.NumberFormat(language ?? DEFAULT_LANGUAGE, {
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    return (value: unknown) => format.format(Number(value));
  });
  i18n.on('languageChanged', reflectLanguage);
  // Another language is reflected once its strings are in (languageChanged above).
  if (language === DEFAULT_LANGUAGE) reflectLanguage(language);
  if (language !== DEFAULT_LANGUAGE) {
    try {
      await loadLanguage(language);
      await i18n.changeLanguage(language);
    } catch {
      // A language chunk that fails to load (offline first visit) leaves the app in English (the
      // remembered choice stays, for the next visit).
      document.documentElement.lang = DEFAULT_LANGUAGE;
    }
  }
}

/** Switch language: fetch its chunk first so the UI never shows raw keys, then remember it. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  writeStored(STORAGE_KEYS.language, language);
}

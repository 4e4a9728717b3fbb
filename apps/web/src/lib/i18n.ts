import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sabai/shared/i18n';
import type { Locale } from 'antd-mobile/es/locales/base';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en';
import type { LocaleBundle, Namespace } from '../locales/types';
import { STORAGE_KEYS, writeStored } from './storage';

/**
 * English ships in the main bundle (it is the fallback); every other language is its own chunk,
 * fetched only when chosen, together with its antd-mobile locale.
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: LocaleBundle }>> = {
  km: () => import('../locales/km'),
  th: () => import('../locales/th'),
  vi: () => import('../locales/vi'),
  'zh-CN': () => import('../locales/zh-CN'),
  'zh-TW': () => import('../locales/zh-TW'),
};

export const NAMESPACES = Object.keys(en.resources) as Namespace[];

export const i18n: I18n = i18next.createInstance();

// antd-mobile locales of the languages loaded so far (English's comes with the page providers).
const antdLocales = new Map<Language, Locale>();
const loadedLanguages = new Set<Language>(['en']);

export function findAntdLocale(language: string): Locale | undefined {
  return antdLocales.get(language as Language);
}

function addBundle(language: Language, bundle: LocaleBundle): void {
  // Every namespace the bundle carries, including those English loads later with their pages.
  for (const [namespace, resources] of Object.entries(bundle.resources)) {
    i18n.addResourceBundle(language, namespace, resources, true, true);
  }
  if (bundle.antd) antdLocales.set(language, bundle.antd);
  loadedLanguages.add(language);
}

export async function loadLanguage(language: Language): Promise<void> {
  if (loadedLanguages.has(language) || language === 'en') return;
  const bundle = await loaders[language]();
  addBundle(language, bundle.default);
}

function reflectLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
}

export async function initI18n(language: Language): Promise<void> {
  i18n.use(initReactI18next);
  await i18n.init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: NAMESPACES,
    defaultNS: 'common',
    resources: { en: en.resources },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  i18n.on('languageChanged', reflectLanguage);
  reflectLanguage(DEFAULT_LANGUAGE);
  if (language !== DEFAULT_LANGUAGE) {
    try {
      await loadLanguage(language);
      await i18n.changeLanguage(language);
    } catch {
      // A language chunk that fails to load (offline first visit) leaves the app in English.
    }
  }
}

/** Switch language: fetch its chunk first so the UI never shows raw keys, then remember it. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  writeStored(STORAGE_KEYS.language, language);
}

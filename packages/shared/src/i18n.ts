/** The languages the product speaks, as the web app names them. */
export const LANGUAGES = ['en', 'km', 'th', 'vi', 'zh-CN', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The `lang` request header values of spec section 7, one per language. */
export const LANG_HEADER: Record<Language, string> = {
  en: 'en-US',
  km: 'km-KH',
  th: 'th-TH',
  vi: 'vi-VN',
  'zh-CN': 'zh-CN',
  'zh-TW': 'zh-TW',
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * Reads a `lang` header (or an Accept-Language-like tag) into one of our languages. Unknown or
 * missing values fall back to English, as the spec's client defaults to en-US.
 */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const tag = header.split(',')[0]?.trim().toLowerCase() ?? '';
  if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-hant' || tag.startsWith('zh-hant')) return 'zh-TW';
  if (tag.startsWith('zh')) return 'zh-CN';
  const base = tag.split('-')[0];
  if (base === 'km' || base === 'th' || base === 'vi' || base === 'en') return base;
  return DEFAULT_LANGUAGE;
}

/** Native names, shown in the language picker in their own script. */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  en: 'English',
  km: 'ខ្មែរ',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

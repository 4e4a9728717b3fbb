import type { Language } from '@sabai/shared/i18n';
import { locales, type z } from 'zod';

/** zod ships messages for all six of our languages; pick the one the caller reads. */
const maps: Record<Language, z.core.$ZodErrorMap> = {
  en: locales.en().localeError,
  km: locales.km().localeError,
  th: locales.th().localeError,
  vi: locales.vi().localeError,
  'zh-CN': locales.zhCN().localeError,
  'zh-TW': locales.zhTW().localeError,
};

export const zodErrorMap = (language: Language) => maps[language];

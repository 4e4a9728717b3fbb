import type { Language } from '@sabai/shared/i18n';

/** The text in the caller's language, falling back to English (always present), then to any. */
export function localised(texts: Record<string, string> | null | undefined, language: Language): string {
  if (!texts) return '';
  return texts[language] || texts.en || Object.values(texts)[0] || '';
}

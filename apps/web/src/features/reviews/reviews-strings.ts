import { getI18n } from 'react-i18next';
import en from '../../locales/en/reviews.json';

/**
 * English's review and complaint strings ship with these pages, not the shell; the other languages
 * fetch the namespace per language (lib/i18n.ts). Imported for its effect.
 */
const i18n = getI18n();
if (i18n && !i18n.hasResourceBundle('en', 'reviews')) {
  i18n.addResourceBundle('en', 'reviews', en, true, true);
}

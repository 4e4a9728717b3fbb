import { getI18n } from 'react-i18next';
import en from '../../locales/en/feedback.json';

/**
 * English's feedback strings ship with the feedback pages, not the shell; the other languages fetch
 * the namespace per language (lib/i18n.ts). Imported for its effect.
 */
const i18n = getI18n();
if (i18n && !i18n.hasResourceBundle('en', 'feedback')) {
  i18n.addResourceBundle('en', 'feedback', en, true, true);
}

import { getI18n } from 'react-i18next';
import en from '../../locales/en/addresses.json';

/**
 * English's address strings ship with the address pages, not the shell (as identity's do); the
 * other languages fetch the namespace per language (lib/i18n.ts). Imported for its effect.
 */
const i18n = getI18n();
if (i18n && !i18n.hasResourceBundle('en', 'addresses')) {
  i18n.addResourceBundle('en', 'addresses', en, true, true);
}

import { getI18n } from 'react-i18next';
import en from '../../locales/en/appUpdate.json';

/**
 * English's strings for the upgrade popup and the about page ship with them, not the shell; the
 * other languages fetch the namespace per language (lib/i18n.ts). Imported for its effect.
 */
const i18n = getI18n();
if (i18n && !i18n.hasResourceBundle('en', 'appUpdate')) {
  i18n.addResourceBundle('en', 'appUpdate', en, true, true);
}

import { getI18n } from 'react-i18next';
import en from '../../locales/en/help.json';

/**
 * English's help-centre and agreement strings ship with these pages, not the shell; the other
 * languages fetch the namespace per language (lib/i18n.ts). Imported for its effect.
 */
const i18n = getI18n();
if (i18n && !i18n.hasResourceBundle('en', 'help')) {
  i18n.addResourceBundle('en', 'help', en, true, true);
}

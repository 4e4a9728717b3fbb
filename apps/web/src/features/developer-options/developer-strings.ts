import { getI18n } from 'react-i18next';
import en from '../../locales/en/developer.json';

/** English's developer-options strings ship with the page; other languages fetch the namespace (lib/i18n.ts). */
const i18n = getI18n();
if (i18n && !i18n.hasResourceBundle('en', 'developer')) {
  i18n.addResourceBundle('en', 'developer', en, true, true);
}

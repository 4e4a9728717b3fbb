import { getI18n } from 'react-i18next';
import en from '../../locales/en/vip.json';

/** English's VIP strings ship with the VIP page; other languages fetch the namespace. Imported for its effect. */
const i18n = getI18n();
if (i18n && !i18n.hasResourceBundle('en', 'vip')) {
  i18n.addResourceBundle('en', 'vip', en, true, true);
}

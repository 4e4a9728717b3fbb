import { getI18n } from 'react-i18next';
import en from '../../locales/en/coupons.json';

/**
 * English's coupon strings ship with the coupon pieces, not the shell; the other languages fetch
 * the namespace per language (lib/i18n.ts). Imported for its effect.
 */
const i18n = getI18n();
if (i18n && !i18n.hasResourceBundle('en', 'coupons')) {
  i18n.addResourceBundle('en', 'coupons', en, true, true);
}

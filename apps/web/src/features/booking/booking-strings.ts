import { getI18n } from 'react-i18next';
import en from '../../locales/en/booking.json';

/**
 * English's booking strings ship with the booking pages, not the shell (as identity's do); the
 * other languages fetch the `booking` namespace per language (lib/i18n.ts). Imported for its effect.
 */
const i18n = getI18n();
if (i18n && !i18n.hasResourceBundle('en', 'booking')) {
  i18n.addResourceBundle('en', 'booking', en, true, true);
}

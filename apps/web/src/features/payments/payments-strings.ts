import { i18n } from '../../lib/i18n';
import en from '../../locales/en/payments.json';

/**
 * English's payment strings ship with the pay pages rather than the shell (as the orders' do);
 * other languages fetch the namespace in its own small chunk. Imported for its effect.
 */
if (!i18n.hasResourceBundle('en', 'payments')) {
  i18n.addResourceBundle('en', 'payments', en, true, true);
}

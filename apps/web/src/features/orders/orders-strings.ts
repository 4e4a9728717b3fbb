import { i18n } from '../../lib/i18n';
import en from '../../locales/en/orders.json';

/**
 * English's order strings ship with the order pages rather than the shell (as discovery's do);
 * other languages fetch the namespace in its own small chunk. Imported for its effect.
 */
if (!i18n.hasResourceBundle('en', 'orders')) {
  i18n.addResourceBundle('en', 'orders', en, true, true);
}

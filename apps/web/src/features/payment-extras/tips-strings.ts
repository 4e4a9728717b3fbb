import { i18n } from '../../lib/i18n';
import en from '../../locales/en/tips.json';

/**
 * English's tip and top-up strings ship with the components that use them (as the orders pages'
 * do); other languages fetch the `tips` namespace in its own small chunk. Imported for its effect.
 */
if (!i18n.hasResourceBundle('en', 'tips')) {
  i18n.addResourceBundle('en', 'tips', en, true, true);
}

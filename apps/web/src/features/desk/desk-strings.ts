import { i18n } from '../../lib/i18n';
import en from '../../locales/en/desk.json';

/**
 * English's desk strings ship with the desk pages rather than the shell (as the orders' do); other
 * languages fetch the namespace in its own small chunk. Imported for its effect.
 */
if (!i18n.hasResourceBundle('en', 'desk')) {
  i18n.addResourceBundle('en', 'desk', en, true, true);
}

import { i18n } from '../../lib/i18n';
import en from '../../locales/en/discovery.json';

/**
 * English's discovery strings ship with the discovery pages rather than the shell (English is in
 * the first-load bundle, which has no room for them). Other languages carry the namespace in their
 * own lazy chunk. Imported for its effect by the discovery modules that translate.
 */
if (!i18n.hasResourceBundle('en', 'discovery')) {
  i18n.addResourceBundle('en', 'discovery', en, true, true);
}

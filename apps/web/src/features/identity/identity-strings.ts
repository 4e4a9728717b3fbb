import { getI18n } from 'react-i18next';
import en from '../../locales/en/identity.json';

/**
 * English's identity strings ship with the identity pages, not the shell (as discovery's do); the
 * other languages carry the namespace in their own lazy chunk. Imported for its effect. The instance
 * comes from react-i18next (already in the shell) so this chunk does not split lib/i18n out of it.
 */
const i18n = getI18n();
if (i18n && !i18n.hasResourceBundle('en', 'identity')) {
  i18n.addResourceBundle('en', 'identity', en, true, true);
}

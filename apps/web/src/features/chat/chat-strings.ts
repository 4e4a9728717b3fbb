import { getI18n } from 'react-i18next';
import en from '../../locales/en/chat.json';

/**
 * English's chat strings ship with the chat pages, not the shell; the other languages fetch the
 * namespace per language (lib/i18n.ts). Imported for its effect.
 */
const i18n = getI18n();
if (i18n && !i18n.hasResourceBundle('en', 'chat')) {
  i18n.addResourceBundle('en', 'chat', en, true, true);
}

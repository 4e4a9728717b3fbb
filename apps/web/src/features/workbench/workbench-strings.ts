import { getI18n } from 'react-i18next';
import en from '../../locales/en/workbench.json';

/**
 * English's workbench strings ship with the workbench pages, not the shell (as identity's do); the
 * other languages' copies are fetched per namespace when a page first asks (lib/i18n.ts).
 */
const i18n = getI18n();
if (i18n && !i18n.hasResourceBundle('en', 'workbench')) {
  i18n.addResourceBundle('en', 'workbench', en, true, true);
}

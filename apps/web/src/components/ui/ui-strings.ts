import { i18n } from '../../lib/i18n';
import en from '../../locales/en/ui.json';

/**
 * English's strings of the shared page views (load error, skeletons, paged list) ship with the
 * pages that show them, not with the shell; other languages fetch the `ui` namespace per language
 * (lib/i18n.ts). Imported for its effect by the views that translate.
 */
if (!i18n.hasResourceBundle('en', 'ui')) {
  i18n.addResourceBundle('en', 'ui', en, true, true);
}

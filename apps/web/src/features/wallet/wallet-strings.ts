import { i18n } from '../../lib/i18n';
import en from '../../locales/en/wallet.json';
import withdrawEn from '../../locales/en/withdraw.json';

/**
 * English's wallet and withdrawal strings ship with their pages rather than the shell; other
 * languages fetch each namespace in its own small chunk. Imported for its effect.
 */
if (!i18n.hasResourceBundle('en', 'wallet')) i18n.addResourceBundle('en', 'wallet', en, true, true);
if (!i18n.hasResourceBundle('en', 'withdraw'))
  i18n.addResourceBundle('en', 'withdraw', withdrawEn, true, true);

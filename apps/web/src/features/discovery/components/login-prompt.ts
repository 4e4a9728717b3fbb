import { confirm } from '../../../components/ui/feedback';
import { i18n } from '../../../lib/i18n';
import '../discovery-strings';
import * as paths from '../../../lib/paths';

export { isLoggedIn } from '../../../lib/session-state';

/**
 * "Please log in first" with a log-in button. Resolves to the login URL (with a redirect back here)
 * when the user accepts, so the caller navigates with the router.
 */
export async function askToLogIn(returnTo: string): Promise<string | undefined> {
  const accepted = await confirm(
    i18n.t('discovery:login.required'),
    i18n.t('discovery:login.action'),
    i18n.t('discovery:login.cancel'),
  );
  return accepted ? paths.login.href({ redirect: returnTo }) : undefined;
}

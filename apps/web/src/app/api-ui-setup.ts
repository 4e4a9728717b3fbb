// Shell-level wiring of the request helper's UI hooks; page-level providers live in providers.tsx.
import { configureApiUi } from '../lib/api-ui';
import { i18n } from '../lib/i18n';
import * as paths from '../lib/paths';
import { clearSession } from '../lib/storage';
import { navigateTo, readLocation } from './navigation';

// Toast and Dialog (and react-spring behind them) load on first use, not with the shell.
const loadFeedback = () => import('../components/ui/feedback');
let isLoadingVisible = false;

/**
 * Spec section 4 "Logout": the stored session and user info go (the device id and the language,
 * currency and unit preferences stay: they belong to the phone, not the account), cached answers
 * of the old session are dropped, and the user lands on login.
 */
async function logOutToLogin(redirect: string | undefined): Promise<void> {
  clearSession();
  const { queryClient } = await import('./providers');
  queryClient.clear();
  await navigateTo(paths.login.href({ redirect }), { replace: true });
}

const currentPath = () => {
  const { pathname, search } = readLocation();
  return pathname.startsWith(paths.PUBLIC_PREFIX) ? undefined : `${pathname}${search}`;
};

configureApiUi({
  onLoadingChange: (isVisible) => {
    isLoadingVisible = isVisible;
    void loadFeedback().then((feedback) => {
      // The chunk may arrive after the request finished: show only what is still true.
      if (isLoadingVisible) feedback.showLoading(i18n.t('common:states.loading'));
      else feedback.hideLoading();
    });
  },
  // Spec sections 4 and 7: 401 shows the server's message in a modal, then logs out and goes to
  // login, which brings the user back here once signed in again.
  onUnauthorized: async (msg) => {
    const feedback = await loadFeedback();
    const redirect = currentPath();
    await feedback.alert(msg, i18n.t('common:actions.confirm'));
    await logOutToLogin(redirect);
  },
  // Banned (appeal through customer service) or cancelled: the message, then logged out to login.
  // No way back to the page: the account cannot use it any more.
  onAccountEnded: async (_reason, msg) => {
    const feedback = await loadFeedback();
    await feedback.alert(msg, i18n.t('common:actions.confirm'));
    await logOutToLogin(undefined);
  },
});

// Shell-level wiring of the request helper's UI hooks; page-level providers live in providers.tsx.
import { configureApiUi } from '../lib/api-ui';
import { i18n } from '../lib/i18n';
import { clearSession } from '../lib/storage';
import { router } from './router';

// Toast and Dialog (and react-spring behind them) load on first use, not with the shell.
const loadFeedback = () => import('../components/ui/feedback');
let isLoadingVisible = false;

configureApiUi({
  onLoadingChange: (isVisible) => {
    isLoadingVisible = isVisible;
    void loadFeedback().then((feedback) => {
      // The chunk may arrive after the request finished: show only what is still true.
      if (isLoadingVisible) feedback.showLoading(i18n.t('common:states.loading'));
      else feedback.hideLoading();
    });
  },
  // Spec: 401 shows the server's message in a modal, then logs out and lands on "Me".
  onUnauthorized: async (msg) => {
    const feedback = await loadFeedback();
    await feedback.alert(msg, i18n.t('common:actions.confirm'));
    clearSession();
    const { queryClient } = await import('./providers');
    queryClient.clear();
    await router.navigate('/my');
  },
});

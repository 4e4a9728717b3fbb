import { useTranslation } from 'react-i18next';
import { Page } from '../../../../components/ui/page';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { TelegramLink } from '../../../../features/telegram/components/telegram-link';
import '../../../../features/telegram/telegram-strings';
import * as paths from '../../../../lib/paths';

/** my/setting/setTg: Telegram bot binding (decision 055). */
export default function SetTgPage() {
  const { t } = useTranslation('telegram');
  const isLoggedIn = useIsLoggedIn();
  return (
    <Page title={t('pageTitle')} backTo={paths.settings.href()}>
      {isLoggedIn ? <TelegramLink /> : <LoginRequired />}
    </Page>
  );
}

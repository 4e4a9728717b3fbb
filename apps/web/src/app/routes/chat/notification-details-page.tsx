import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { NotFoundBlock } from '../../../components/ui/state-views';
import '../../../features/chat/chat-strings';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../features/identity/session';
import { NotificationDetail } from '../../../features/notifications/components/notification-detail';
import '../../../features/notifications/notifications.css';
import * as paths from '../../../lib/paths';

/** Spec chat/notificationDetails?id: one notification. */
export default function NotificationDetailsPage() {
  const { t } = useTranslation('chat');
  const isLoggedIn = useIsLoggedIn();
  const id = Number(useSearchParams()[0].get('id'));
  const isValidId = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  return (
    <Page title={t('notices.detailTitle')} backTo={paths.notificationList.href()} className="notices-page">
      {!isLoggedIn ? (
        <LoginRequired description={t('loginDescription')} />
      ) : isValidId ? (
        <NotificationDetail id={id} />
      ) : (
        <NotFoundBlock />
      )}
    </Page>
  );
}

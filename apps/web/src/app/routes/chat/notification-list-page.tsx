import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import '../../../features/chat/chat.css';
import '../../../features/chat/chat-strings';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../features/identity/session';
import { NotificationList } from '../../../features/notifications/components/notification-list';
import { PushSwitch } from '../../../features/notifications/components/push-switch';
import '../../../features/notifications/notifications.css';
import * as paths from '../../../lib/paths';

/** Spec chat/notificationList: system messages (order news and announcements). */
export default function NotificationListPage() {
  const { t } = useTranslation('chat');
  const isLoggedIn = useIsLoggedIn();
  return (
    <Page title={t('notices.listTitle')} backTo={paths.chatList.href()} className="notices-page">
      {isLoggedIn ? (
        <>
          <PushSwitch />
          <NotificationList />
        </>
      ) : (
        <LoginRequired description={t('loginDescription')} />
      )}
    </Page>
  );
}

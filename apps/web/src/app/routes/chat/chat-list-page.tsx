import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { ConversationList } from '../../../features/chat/components/conversation-list';
import '../../../features/chat/chat.css';
import '../../../features/chat/chat-strings';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { readStoredUser, useIsLoggedIn } from '../../../features/identity/session';
import { NotificationsEntry } from '../../../features/notifications/components/notifications-entry';
import '../../../features/notifications/notifications.css';
import * as paths from '../../../lib/paths';

/** Spec chat/list: my conversations. */
export default function ChatListPage() {
  const { t } = useTranslation('chat');
  const isLoggedIn = useIsLoggedIn();
  const me = readStoredUser();
  return (
    <Page title={t('listTitle')} backTo={paths.my.href()} className="chat-list-page">
      {!isLoggedIn || !me ? (
        <LoginRequired description={t('loginDescription')} />
      ) : (
        <>
          <Link className="chat-list-page__phrases" to={paths.chatPhrase.href()}>
            {t('phrases.manage')}
          </Link>
          <NotificationsEntry />
          <ConversationList meId={me.id} />
        </>
      )}
    </Page>
  );
}

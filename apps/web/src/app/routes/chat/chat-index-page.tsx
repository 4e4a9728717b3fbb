import { MoreOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { PageLoading } from '../../../components/ui/page-loading';
import { LoadError } from '../../../components/ui/state-views';
import { useOpenConversation } from '../../../features/chat/api/chat-api';
import { ConversationView } from '../../../features/chat/components/conversation-view';
import { conversationTitle } from '../../../features/chat/conversation-title';
import '../../../features/chat/chat.css';
import '../../../features/chat/chat-strings';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { readStoredUser, useIsLoggedIn } from '../../../features/identity/session';
import * as paths from '../../../lib/paths';

const positiveInt = (value: string | null) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

/**
 * Spec chat/index?to_uid: the conversation with a user (or, from an order's page, with its other
 * party); `group_id` opens a team group of mine (decision 061), whose header links to its info page.
 */
export default function ChatIndexPage() {
  const { t } = useTranslation('chat');
  const isLoggedIn = useIsLoggedIn();
  const me = readStoredUser();
  const [search] = useSearchParams();
  const toUid = positiveInt(search.get('to_uid'));
  const orderId = positiveInt(search.get('order_id'));
  const groupId = positiveInt(search.get('group_id'));
  const conversation = useOpenConversation({ toUid, orderId, groupId }, isLoggedIn);
  const groupOfPage = conversation.data?.groupId ?? null;

  let content: React.ReactNode;
  if (!isLoggedIn || !me) content = <LoginRequired description={t('loginDescription')} />;
  else if (conversation.isPending && (toUid || orderId || groupId)) content = <PageLoading />;
  else if (conversation.isError || !conversation.data)
    content = (
      <LoadError
        error={conversation.error ?? new Error(t('openFailed'))}
        onRetry={() => void conversation.refetch()}
        isRetrying={conversation.isFetching}
      />
    );
  else content = <ConversationView conversation={conversation.data} meId={me.id} />;

  return (
    <Page
      title={(conversation.data && conversationTitle(t, conversation.data)) || t('conversationTitle')}
      backTo={paths.chatList.href()}
      action={
        groupOfPage ? (
          <Link
            className="page-header__action"
            to={paths.chatGroupInfo.href(groupOfPage)}
            aria-label={t('group.infoTitle')}
          >
            <MoreOutline aria-hidden="true" />
          </Link>
        ) : undefined
      }
      className="chat-index-page"
    >
      {content}
    </Page>
  );
}

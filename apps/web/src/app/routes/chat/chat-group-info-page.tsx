import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { PageLoading } from '../../../components/ui/page-loading';
import { LoadError } from '../../../components/ui/state-views';
import { useGroupDetail } from '../../../features/chat/api/chat-api';
import { GroupInfo } from '../../../features/chat/components/group-info';
import '../../../features/chat/chat.css';
import '../../../features/chat/chat-strings';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../features/identity/session';
import * as paths from '../../../lib/paths';

/** The IM module's group info page (decision 061): `group_id` of a team group of mine. */
export default function ChatGroupInfoPage() {
  const { t } = useTranslation('chat');
  const isLoggedIn = useIsLoggedIn();
  const [search] = useSearchParams();
  const raw = Number(search.get('group_id'));
  const groupId = Number.isSafeInteger(raw) && raw > 0 ? raw : undefined;
  const detail = useGroupDetail(groupId, isLoggedIn);

  let content: React.ReactNode;
  if (!isLoggedIn) content = <LoginRequired description={t('loginDescription')} />;
  else if (groupId && detail.isPending) content = <PageLoading />;
  else if (detail.isError || !detail.data)
    content = (
      <LoadError
        error={detail.error ?? new Error(t('openFailed'))}
        onRetry={() => void detail.refetch()}
        isRetrying={detail.isFetching}
      />
    );
  else content = <GroupInfo detail={detail.data} />;

  return (
    <Page
      title={t('group.infoTitle')}
      backTo={groupId ? paths.chatIndex.href({ group_id: groupId }) : paths.chatList.href()}
      className="chat-group-info-page"
    >
      {content}
    </Page>
  );
}

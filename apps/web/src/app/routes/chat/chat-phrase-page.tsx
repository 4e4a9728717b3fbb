import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { PhraseManager } from '../../../features/chat/components/phrase-manager';
import '../../../features/chat/chat.css';
import '../../../features/chat/chat-strings';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../features/identity/session';
import * as paths from '../../../lib/paths';

/** Spec chat/phrase: edit common phrases. */
export default function ChatPhrasePage() {
  const { t } = useTranslation('chat');
  const isLoggedIn = useIsLoggedIn();
  return (
    <Page title={t('phrasesTitle')} backTo={paths.chatList.href()} className="chat-phrase-page">
      {isLoggedIn ? <PhraseManager /> : <LoginRequired description={t('loginDescription')} />}
    </Page>
  );
}

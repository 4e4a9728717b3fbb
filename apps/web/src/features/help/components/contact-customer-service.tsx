import { Button } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-error';
import * as paths from '../../../lib/paths';
import { fetchCustomerServiceAgent } from '../api/help-api';
import '../help-strings';

/**
 * "Contact customer service": asks the server which agent to talk to, then opens the ordinary chat
 * with them (chat/index?to_uid, which opens or finds the conversation). Signed out, login first.
 */
export function ContactCustomerService({ isLoggedIn }: { isLoggedIn: boolean }) {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const location = useLocation();
  const [isOpening, setIsOpening] = useState(false);

  const open = async () => {
    if (!isLoggedIn) {
      navigate(paths.login.href({ redirect: `${location.pathname}${location.search}` }));
      return;
    }
    setIsOpening(true);
    try {
      const { agentUid } = await fetchCustomerServiceAgent();
      navigate(paths.chatIndex.href({ to_uid: agentUid }));
    } catch (error) {
      showToast(isApiError(error) ? error.message : t('centre.contactFailed'));
    } finally {
      setIsOpening(false);
    }
  };

  return (
    <div className="help-contact">
      <Button block color="primary" size="large" loading={isOpening} onClick={() => void open()}>
        <MessageOutline aria-hidden="true" /> {t('centre.contact')}
      </Button>
      <p className="help-contact__hint">{t('centre.contactHint')}</p>
    </div>
  );
}

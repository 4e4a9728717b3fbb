import { Popup, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as paths from '../../../lib/paths';
import { usePhrases } from '../api/chat-api';

/** The composer's common phrases: one tap sends one; a link manages them on chat/phrase. */
export function PhrasePicker({
  isOpen,
  onClose,
  onPick,
}: {
  isOpen: boolean;
  onClose: () => void;
  onPick: (text: string) => void;
}) {
  const { t } = useTranslation('chat');
  const phrases = usePhrases(isOpen);
  return (
    <Popup visible={isOpen} onMaskClick={onClose} onClose={onClose} bodyClassName="chat-phrases-popup">
      <h2 className="chat-phrases-popup__title">{t('input.phrases')}</h2>
      {phrases.isPending ? (
        <SpinLoading />
      ) : phrases.data?.length ? (
        <ul className="chat-phrases-popup__list">
          {phrases.data.map((phrase) => (
            <li key={phrase.id}>
              <button type="button" onClick={() => onPick(phrase.text)}>
                {phrase.text}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="chat-phrases-popup__empty">{t('phrases.emptyHint')}</p>
      )}
      <Link className="chat-phrases-popup__manage" to={paths.chatPhrase.href()}>
        {t('phrases.manage')}
      </Link>
    </Popup>
  );
}

import { LANGUAGE_NATIVE_NAMES } from '@sabai/shared/i18n';
import { Button, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TranslationState } from '../use-message-translations';

/** Under a received message: the translation, its progress, or "translation failed" with a retry. */
export function MessageTranslation({
  state,
  onRetry,
  onToggle,
}: {
  state: TranslationState;
  onRetry: () => void;
  onToggle: () => void;
}) {
  const { t } = useTranslation('chat');
  if (state.status === 'loading') {
    return (
      <p className="chat-translation chat-translation--status" role="status">
        <SpinLoading style={{ '--size': '12px' }} /> {t('translation.loading')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <p
        className="chat-translation chat-translation--failed"
        role="alert"
        data-testid="chat-translation-failed"
      >
        {state.error ?? t('translation.failed')}{' '}
        <Button size="mini" fill="outline" onClick={onRetry}>
          {t('translation.retry')}
        </Button>
      </p>
    );
  }
  if (state.status === 'closed') {
    return (
      <button type="button" className="chat-translation__toggle" onClick={onToggle}>
        {t('translation.show')}
      </button>
    );
  }
  const { translation } = state;
  const from = translation.sourceLang ? LANGUAGE_NATIVE_NAMES[translation.sourceLang] : null;
  return (
    <div className="chat-translation" data-testid="chat-translation">
      <p className="chat-translation__from">
        {translation.sourceLang === translation.targetLang
          ? t('translation.same')
          : from
            ? t('translation.from', { language: from })
            : t('translation.label')}
      </p>
      <p className="chat-translation__text" lang={translation.targetLang}>
        {translation.text}
      </p>
      <button type="button" className="chat-translation__toggle" onClick={onToggle}>
        {t('translation.hide')}
      </button>
    </div>
  );
}

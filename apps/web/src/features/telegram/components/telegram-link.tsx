import { TELEGRAM_LINK_CHANGED_EVENT } from '@sabai/shared/telegram/telegram.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { CheckCircleFill, SendOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-error';
import { myUserTopic, useRealtimeTopic } from '../../../lib/realtime/use-realtime-topic';
import { telegramStatusKey, useTelegramCode, useTelegramStatus, useUnlinkTelegram } from '../api/telegram';
import '../telegram-strings';
import '../telegram.css';
import { confirm, showToast } from '../../../components/ui/feedback';
import { VIEWER_ZONE } from '../../../lib/format-dates';

/**
 * my/setting/setTg (decision 055): link a Telegram chat by sending the bot a one-time code, then
 * order and chat notifications also arrive there; unlink with a confirmation.
 */
export function TelegramLink() {
  const { t } = useTranslation('telegram');
  const format = useFormatting();
  const queryClient = useQueryClient();
  const code = useTelegramCode();
  const pendingCode = code.data && new Date(code.data.expiresAt).getTime() > Date.now() ? code.data : null;
  const status = useTelegramStatus({ isWaitingForBot: Boolean(pendingCode) });
  const unlink = useUnlinkTelegram();
  const isLinked = status.data?.isLinked === true;

  // The bot linked the chat: the server says so on my topic at once (the poll is the fallback).
  useRealtimeTopic(
    myUserTopic(),
    (event) => {
      if (event.type === TELEGRAM_LINK_CHANGED_EVENT)
        void queryClient.invalidateQueries({ queryKey: telegramStatusKey });
    },
    { onResync: () => void queryClient.invalidateQueries({ queryKey: telegramStatusKey }) },
  );
  // Once linked, the code shown is spent: forget it.
  const { reset } = code;
  useEffect(() => {
    if (isLinked) reset();
  }, [isLinked, reset]);

  if (status.isPending)
    return (
      <div className="shimmer">
        <Skeleton.Paragraph lineCount={5} />
      </div>
    );
  if (status.isError) return <LoadError error={status.error} onRetry={() => status.refetch()} />;
  const { botUsername } = status.data;

  const onUnlink = async () => {
    const isConfirmed = await confirm(t('unlinkConfirm'), t('unlink'), t('cancel'));
    if (!isConfirmed) return;
    unlink.mutate(undefined, {
      onSuccess: () => showToast(t('unlinked')),
      onError: (error) => showToast(isApiError(error) ? error.message : t('failed')),
    });
  };

  const onGetCode = () =>
    code.mutate(undefined, {
      onError: (error) => showToast(isApiError(error) ? error.message : t('failed')),
    });

  const onCopy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast(t('copied'));
    } catch {
      showToast(t('copyFailed'));
    }
  };

  if (isLinked) {
    return (
      <section className="telegram-link telegram-link--linked" aria-live="polite">
        <CheckCircleFill className="telegram-link__icon telegram-link__icon--ok" aria-hidden="true" />
        <h2>{t('linkedTitle')}</h2>
        <p>
          {status.data.username
            ? t('linkedAs', {
                username: status.data.username,
                date: format.date(status.data.linkedAt ?? '', VIEWER_ZONE),
              })
            : t('linkedSince', { date: format.date(status.data.linkedAt ?? '', VIEWER_ZONE) })}
        </p>
        <p className="telegram-link__hint">{t('linkedHint')}</p>
        <Button
          block
          color="danger"
          fill="outline"
          size="large"
          loading={unlink.isPending}
          onClick={onUnlink}
        >
          {t('unlink')}
        </Button>
      </section>
    );
  }

  return (
    <section className="telegram-link" aria-live="polite">
      <SendOutline className="telegram-link__icon" aria-hidden="true" />
      <h2>{t('title')}</h2>
      <p className="telegram-link__hint">{t('intro')}</p>
      <ol className="telegram-link__steps">
        <li>{t('step1')}</li>
        <li>{t('step2', { bot: `@${botUsername}` })}</li>
        <li>{t('step3')}</li>
      </ol>
      {pendingCode ? (
        <div className="telegram-link__code-box">
          <p className="telegram-link__code-label">{t('yourCode')}</p>
          <p className="telegram-link__code" translate="no">
            {pendingCode.code}
          </p>
          <p className="telegram-link__hint">
            {t('expiresAt', { time: format.dateTime(pendingCode.expiresAt, VIEWER_ZONE) })}
          </p>
          <div className="telegram-link__buttons">
            <a
              className="adm-button adm-button-primary adm-button-large adm-button-block"
              href={pendingCode.deepLink}
              target="_blank"
              rel="noreferrer"
            >
              {t('openTelegram')}
            </a>
            <Button block size="large" onClick={() => onCopy(pendingCode.code)}>
              {t('copyCode')}
            </Button>
          </div>
          <p className="telegram-link__waiting">{t('waiting')}</p>
          <Button block fill="none" onClick={onGetCode} loading={code.isPending}>
            {t('newCode')}
          </Button>
        </div>
      ) : (
        <Button block color="primary" size="large" loading={code.isPending} onClick={onGetCode}>
          {t('getCode')}
        </Button>
      )}
    </section>
  );
}

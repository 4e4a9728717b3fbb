import type { OrderDetail } from '@sabai/shared/booking/booking.schemas';
import { Button, Popup } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AcceptTiming } from '../api/workbench-api';
import { clockOf } from '../format-times';
import { useNow } from '../hooks/use-now';
import { waitingSince } from '../order-view';
import { OrderFacts } from './order-facts';

const MINUTE = 60_000;

/**
 * A new order waiting for the provider's answer: what it is, a countdown to the automatic decline,
 * and a visible reminder once each reminder minute has passed (spec push type 12 closes it when
 * the server declines it).
 */
export function IncomingOrderPopup({
  order,
  projectName,
  timeZone,
  platformShareBasisPoints,
  timing,
  isBusy,
  onAccept,
  onDecline,
  onLater,
}: {
  order: OrderDetail;
  projectName: string | undefined;
  timeZone: string;
  platformShareBasisPoints: number | undefined;
  timing: AcceptTiming;
  isBusy: boolean;
  onAccept: () => void;
  onDecline: () => void;
  onLater: () => void;
}) {
  const { t } = useTranslation('workbench');
  const titleId = useId();
  const now = useNow(1000);
  const since = waitingSince(order);
  const deadline = since + timing.autoDeclineMinutes * MINUTE;
  const secondsLeft = Math.max(0, (deadline - now) / 1000);
  const elapsedMinutes = (now - since) / MINUTE;
  const isReminding = timing.acceptReminderMinutes.some((minute) => elapsedMinutes >= minute);
  const isTimeUp = secondsLeft <= 0;
  return (
    <Popup visible onMaskClick={onLater} bodyClassName="incoming-popup" destroyOnClose>
      <section role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="incoming-popup__header">
          <h2 id={titleId}>{t('popup.title')}</h2>
          <p
            className={isTimeUp ? 'incoming-popup__countdown is-up' : 'incoming-popup__countdown'}
            role="timer"
          >
            {isTimeUp ? t('popup.timeUp') : t('popup.countdown', { time: clockOf(secondsLeft) })}
          </p>
        </header>
        {isReminding && !isTimeUp ? (
          <p className="incoming-popup__reminder" role="alert">
            {t('popup.reminder', { time: clockOf(secondsLeft) })}
          </p>
        ) : null}
        <OrderFacts
          order={order}
          projectName={projectName}
          timeZone={timeZone}
          platformShareBasisPoints={platformShareBasisPoints}
        />
        <div className="incoming-popup__actions">
          <Button block color="primary" size="large" loading={isBusy} disabled={isTimeUp} onClick={onAccept}>
            {t('popup.accept')}
          </Button>
          <Button block fill="outline" disabled={isBusy || isTimeUp} onClick={onDecline}>
            {t('popup.decline')}
          </Button>
          <Button block fill="none" onClick={onLater}>
            {t('popup.later')}
          </Button>
        </div>
      </section>
    </Popup>
  );
}

import type { OrderDetail } from '@sabai/shared/booking/booking.schemas';
import { TRAVEL_MODES, type TravelMode } from '@sabai/shared/booking/booking-settings';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Selector } from 'antd-mobile';
import { EnvironmentOutline, MessageOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm, showToast } from '../../../components/ui/feedback';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import * as paths from '../../../lib/paths';
import { recordCallAttempt, type StepBody, workbenchKeys } from '../api/workbench-api';
import { timeOfDay } from '../format-times';
import { useNow } from '../hooks/use-now';
import { useOrderStep } from '../hooks/use-order-step';
import { currentPosition, usePositionSharing } from '../hooks/use-position-sharing';
import { CashReceived } from './cash-received';
import { OrderCard } from './order-card';
import { ReasonSheet } from './reason-sheet';

const MINUTE = 60_000;
/** Ending earlier than this before the booked end needs a reason (the city setting's default). */
const EARLY_END_MINUTES = 10;

/** The server's answers that mean "say why": an off-site or position-less check-in, an early end. */
const REASON_WANTED = new Set<number>([
  ERROR_CODES.checkInTooFar.code,
  ERROR_CODES.checkInPositionOrReasonRequired.code,
  ERROR_CODES.earlyEndReasonRequired.code,
]);

type Asking = { step: 'arrive' | 'end'; intro: string; position?: { lat: number; lng: number } } | null;

/**
 * One order on the provider's side with only the steps the state machine allows now: accept or
 * decline, depart (travel mode, then the position is shared until arrival), arrive (check-in by
 * position, else a reason), start, end (early needs a reason), give back, call attempts and no-show.
 */
export function ProviderOrderView({
  order,
  projectName,
  timeZone,
  platformShareBasisPoints,
}: {
  order: OrderDetail;
  projectName: string | undefined;
  timeZone: string;
  platformShareBasisPoints: number | undefined;
}) {
  const { t } = useTranslation('workbench');
  const navigate = useNavigate();
  const format = useFormatting();
  const queryClient = useQueryClient();
  const now = useNow(15_000);
  const [asking, setAsking] = useState<Asking>(null);
  const [travelMode, setTravelMode] = useState<TravelMode>((order.travelMode as TravelMode) ?? 'tukTuk');
  const step = useOrderStep({
    // A refused check-in or early end is answered by asking for the reason the server wants.
    onRefused: (error, body) => {
      if (body.reason || !isApiError(error) || !REASON_WANTED.has(error.code)) return false;
      if (body.transition !== 'arrive' && body.transition !== 'end') return false;
      setAsking({ step: body.transition, intro: error.message, position: body.position });
      return true;
    },
  });
  const sharing = usePositionSharing(order.id, order.status === 'departed');
  const allowed = new Set(order.allowedTransitions);
  const send = (body: StepBody, done?: string) =>
    step.mutate(
      { id: order.id, body },
      {
        onSuccess: () => {
          setAsking(null);
          if (done) showToast(done);
        },
      },
    );

  const arrive = async () => {
    const position = (await currentPosition()) ?? sharing.latest.current;
    if (!position) return setAsking({ step: 'arrive', intro: t('reason.positionDenied') });
    send({ transition: 'arrive', position });
  };
  const end = () => {
    const isEarly = now < Date.parse(order.endsAt) - EARLY_END_MINUTES * MINUTE;
    if (isEarly) return setAsking({ step: 'end', intro: t('reason.endIntro') });
    send({ transition: 'end' });
  };
  const giveBack = async () => {
    if (await confirm(t('actions.giveBackConfirm'), t('actions.giveBack'), t('actions.cancel'))) {
      send({ transition: 'giveBack' });
    }
  };
  const decline = async () => {
    if (await confirm(t('popup.declineConfirm'), t('popup.decline'), t('actions.cancel'))) {
      send({ transition: 'decline' }, t('popup.declined'));
    }
  };
  const reportNoShow = async () => {
    if (await confirm(t('actions.noShowConfirm'), t('actions.noShow'), t('actions.cancel'))) {
      send({ transition: 'reportNoShow' });
    }
  };
  const callAttempt = async () => {
    try {
      await recordCallAttempt(order.id);
      showToast(t('actions.callAttemptRecorded'));
      await queryClient.invalidateQueries({ queryKey: workbenchKeys.order(order.id) });
    } catch (error) {
      showToast(isApiError(error) ? error.message : t('common:errors.unknown'), 3000);
    }
  };
  // Null until the provider checked in by position: then the server names the minute it opens.
  const noShowFrom = order.noShowAvailableAt ? Date.parse(order.noShowAvailableAt) : null;
  const isNoShowOpen = noShowFrom !== null && now >= noShowFrom;

  return (
    <div className="provider-order">
      <OrderCard
        order={order}
        projectName={projectName}
        timeZone={timeZone}
        platformShareBasisPoints={platformShareBasisPoints}
        isLinked={false}
      />
      {order.status === 'departed' ? (
        <p className="sharing-indicator" role="status">
          <EnvironmentOutline aria-hidden="true" />
          <span>
            {sharing.isUnavailable ? t('sharing.unavailable') : t('sharing.active')}
            {sharing.lastSentAt && !sharing.isUnavailable ? (
              <small>
                {' '}
                {t('sharing.lastSent', {
                  time: timeOfDay(new Date(sharing.lastSentAt).toISOString(), format.locale, timeZone),
                })}
              </small>
            ) : null}
          </span>
        </p>
      ) : null}
      <div className="provider-order__actions">
        {order.timeline.some((entry) => entry.to === 'accepted') ? (
          <Button
            block
            fill="outline"
            onClick={() => void navigate(paths.chatIndex.href({ order_id: order.id }))}
          >
            <MessageOutline aria-hidden="true" /> {t('actions.chat')}
          </Button>
        ) : null}
        {allowed.has('accept') ? (
          <Button
            block
            color="primary"
            size="large"
            loading={step.isPending}
            onClick={() => send({ transition: 'accept' }, t('popup.accepted'))}
          >
            {t('popup.accept')}
          </Button>
        ) : null}
        {allowed.has('decline') ? (
          <Button block fill="outline" disabled={step.isPending} onClick={() => void decline()}>
            {t('popup.decline')}
          </Button>
        ) : null}
        {allowed.has('depart') ? (
          <fieldset className="provider-order__travel">
            <legend>{t('actions.chooseTravel')}</legend>
            <Selector
              columns={3}
              options={TRAVEL_MODES.map((mode) => ({ value: mode, label: t(`travelModes.${mode}`) }))}
              value={[travelMode]}
              onChange={(values) => values[0] && setTravelMode(values[0])}
            />
            <Button
              block
              color="primary"
              size="large"
              loading={step.isPending}
              onClick={() => send({ transition: 'depart', travelMode })}
            >
              {t('actions.depart')}
            </Button>
          </fieldset>
        ) : null}
        {allowed.has('arrive') ? (
          <Button block color="primary" size="large" loading={step.isPending} onClick={() => void arrive()}>
            {t('actions.arrive')}
          </Button>
        ) : null}
        {allowed.has('start') ? (
          <Button
            block
            color="primary"
            size="large"
            loading={step.isPending}
            onClick={() => send({ transition: 'start' })}
          >
            {t('actions.start')}
          </Button>
        ) : null}
        {allowed.has('end') ? (
          <Button block color="primary" size="large" loading={step.isPending} onClick={end}>
            {t('actions.end')}
          </Button>
        ) : null}
        {order.status === 'arrived' ? (
          <div className="provider-order__no-show">
            <p>{t('actions.callAttempts', { count: order.callAttempts })}</p>
            <Button block fill="outline" onClick={() => void callAttempt()}>
              {t('actions.callAttempt')}
            </Button>
            {allowed.has('reportNoShow') && noShowFrom !== null ? (
              isNoShowOpen ? (
                <Button block color="danger" fill="outline" onClick={() => void reportNoShow()}>
                  {t('actions.noShow')}
                </Button>
              ) : (
                <p className="order-facts__hint">
                  {t('actions.noShowFrom', {
                    time: timeOfDay(new Date(noShowFrom as number).toISOString(), format.locale, timeZone),
                  })}
                </p>
              )
            ) : null}
          </div>
        ) : null}
        <CashReceived orderId={order.id} status={order.status} />
        {allowed.has('giveBack') ? (
          <Button block color="danger" fill="none" disabled={step.isPending} onClick={() => void giveBack()}>
            {t('actions.giveBack')}
          </Button>
        ) : null}
      </div>
      <section className="provider-order__timeline" aria-labelledby="order-timeline">
        <h2 id="order-timeline" className="wb-heading">
          {t('order.timeline')}
        </h2>
        <ol>
          {order.timeline.map((row) => (
            <li key={`${row.at}-${row.transition}`}>
              <time dateTime={row.at}>{format.dateTime(row.at, timeZone)}</time>{' '}
              <span>{t(`status.${row.to}`, { defaultValue: row.to })}</span>
              {row.reason ? <small> {t('order.reason', { reason: row.reason })}</small> : null}
            </li>
          ))}
        </ol>
      </section>
      {asking ? (
        <ReasonSheet
          title={asking.step === 'arrive' ? t('reason.arriveTitle') : t('reason.endTitle')}
          intro={asking.step === 'arrive' ? `${asking.intro} ${t('reason.arriveIntro')}` : asking.intro}
          isBusy={step.isPending}
          onCancel={() => setAsking(null)}
          onSubmit={(reason) =>
            send({
              transition: asking.step,
              reason,
              ...(asking.position ? { position: asking.position } : {}),
            })
          }
        />
      ) : null}
    </div>
  );
}

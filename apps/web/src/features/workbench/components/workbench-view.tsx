import type { OrderDetail } from '@sabai/shared/booking/booking.schemas';
import { Button } from 'antd-mobile';
import { CalendarOutline, FileOutline, PayCircleOutline, StarOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { confirm, showToast } from '../../../components/ui/feedback';
import { Refreshable } from '../../../components/ui/refreshable';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { viewerTimeZone } from '../../../lib/format-dates';
import * as paths from '../../../lib/paths';
import { useAcceptTiming, useProjectNames, useProviderOrders, useWorkSettings } from '../api/workbench-api';
import { dateHeading, localDateOfOrder } from '../format-times';
import { useOrderStep } from '../hooks/use-order-step';
import { useProviderEvents } from '../hooks/use-provider-events';
import { IncomingOrderPopup } from './incoming-order-popup';
import { OnlineSwitch } from './online-switch';
import { OrderCard } from './order-card';

/** Orders by local date on the provider's city clock, in the order the server gave (soonest first). */
function byLocalDate(orders: readonly OrderDetail[], timeZone: string) {
  const groups = new Map<string, OrderDetail[]>();
  for (const order of orders) {
    const date = localDateOfOrder(order.startsAt, timeZone);
    groups.set(date, [...(groups.get(date) ?? []), order]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * The provider's centre tab: the online switch, the orders waiting for an answer (the newest one
 * as a popup with its countdown, arriving live), today's schedule and the next seven days.
 */
export function WorkbenchView() {
  const { t } = useTranslation('workbench');
  const format = useFormatting();
  const settings = useWorkSettings();
  const incoming = useProviderOrders('incoming');
  const schedule = useProviderOrders('schedule');
  const projectNames = useProjectNames(settings.data?.cityId);
  const timing = useAcceptTiming(settings.data?.cityId);
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  const [shownId, setShownId] = useState<number | null>(null);
  const step = useOrderStep();

  useProviderEvents((event) => {
    // Spec push type 12: the system's automatic decline closes the popup, with a word why.
    if (event.transition === 'autoDecline') {
      showToast(t('popup.autoDeclined'), 4000);
      if (shownId === event.orderId) setShownId(null);
    }
    if (event.to === 'waitingAcceptance') {
      setDismissed((previous) => {
        const next = new Set(previous);
        next.delete(event.orderId);
        return next;
      });
    }
  });

  // The provider's city clock; their own only until the settings arrive (never UTC: decision 108).
  const timeZone = settings.data?.timeZone ?? viewerTimeZone();
  // Earnings are shown after the platform's share of the provider's city (decision 108).
  const share = settings.data?.platformShareBasisPoints;
  const waiting = incoming.data?.items ?? [];
  const popupOrder =
    waiting.find((order) => order.id === shownId) ?? waiting.find((order) => !dismissed.has(order.id));
  const dismiss = (id: number) => {
    setDismissed((previous) => new Set(previous).add(id));
    setShownId(null);
  };
  const answer = async (order: OrderDetail, transition: 'accept' | 'decline') => {
    if (transition === 'decline') {
      const isSure = await confirm(t('popup.declineConfirm'), t('popup.decline'), t('actions.cancel'));
      if (!isSure) return;
    }
    step.mutate(
      { id: order.id, body: { transition } },
      {
        onSuccess: () => {
          showToast(transition === 'accept' ? t('popup.accepted') : t('popup.declined'));
          dismiss(order.id);
        },
      },
    );
  };

  const refresh = () => Promise.all([settings.refetch(), incoming.refetch(), schedule.refetch()]);
  const isLoading = settings.isPending || incoming.isPending || schedule.isPending;
  const failed = settings.error ?? incoming.error ?? schedule.error;
  const today = localDateOfOrder(new Date().toISOString(), timeZone);
  const days = byLocalDate(schedule.data?.items ?? [], timeZone);
  const todays = days.find(([date]) => date === today)?.[1] ?? [];
  const later = days.filter(([date]) => date > today);
  const nameOf = (order: OrderDetail) => projectNames?.get(order.projectId);

  return (
    <Refreshable onRefresh={refresh}>
      <div className="workbench">
        {settings.data ? <OnlineSwitch settings={settings.data} /> : null}
        <nav className="wb-links">
          <Link className="wb-link" to={paths.workbenchSchedule.href()}>
            <CalendarOutline aria-hidden="true" />
            <span>{t('links.schedule')}</span>
          </Link>
          <Link className="wb-link" to={paths.workbenchIncome.href()}>
            <PayCircleOutline aria-hidden="true" />
            <span>{t('links.income')}</span>
          </Link>
          <Link className="wb-link" to={paths.workbenchReviews.href()}>
            <StarOutline aria-hidden="true" />
            <span>{t('links.reviews')}</span>
          </Link>
        </nav>
        {isLoading ? (
          <CardSkeletons count={3} />
        ) : failed ? (
          <LoadError error={failed} onRetry={refresh} />
        ) : (
          <>
            {waiting.length > 0 ? (
              <section aria-labelledby="workbench-incoming">
                <h2 id="workbench-incoming" className="wb-heading">
                  {t('sections.incoming')}
                </h2>
                {waiting.map((order) => (
                  <OrderCard
                    key={order.id}
                    order={order}
                    projectName={nameOf(order)}
                    timeZone={timeZone}
                    platformShareBasisPoints={share}
                    actions={
                      <Button size="small" color="warning" onClick={() => setShownId(order.id)}>
                        {t('popup.answer')}
                      </Button>
                    }
                  />
                ))}
              </section>
            ) : null}
            {todays.length > 0 ? (
              <section aria-labelledby="workbench-today">
                <h2 id="workbench-today" className="wb-heading">
                  {t('sections.today')}
                </h2>
                {todays.map((order) => (
                  <OrderCard
                    key={order.id}
                    order={order}
                    projectName={nameOf(order)}
                    timeZone={timeZone}
                    platformShareBasisPoints={share}
                  />
                ))}
              </section>
            ) : null}
            {later.length > 0 ? (
              <section aria-labelledby="workbench-upcoming">
                <h2 id="workbench-upcoming" className="wb-heading">
                  {t('sections.upcoming')}
                </h2>
                {later.map(([date, orders]) => (
                  <div key={date} className="workbench__day">
                    <h3 className="workbench__date">{dateHeading(date, format.locale)}</h3>
                    {orders.map((order) => (
                      <OrderCard
                        key={order.id}
                        order={order}
                        projectName={nameOf(order)}
                        timeZone={timeZone}
                        platformShareBasisPoints={share}
                      />
                    ))}
                  </div>
                ))}
              </section>
            ) : null}
            {waiting.length === 0 && days.length === 0 ? (
              <EmptyState
                icon={<FileOutline />}
                title={t('empty.title')}
                description={t('empty.description')}
              />
            ) : null}
          </>
        )}
      </div>
      {popupOrder ? (
        <IncomingOrderPopup
          key={popupOrder.id}
          order={popupOrder}
          projectName={nameOf(popupOrder)}
          timeZone={timeZone}
          platformShareBasisPoints={share}
          timing={timing}
          isBusy={step.isPending}
          onAccept={() => void answer(popupOrder, 'accept')}
          onDecline={() => void answer(popupOrder, 'decline')}
          onLater={() => dismiss(popupOrder.id)}
        />
      ) : null}
    </Refreshable>
  );
}

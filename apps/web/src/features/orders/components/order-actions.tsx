import '../orders-strings';
import { allowedTransitions } from '@sabai/shared/booking/order-transitions';
import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';
import * as paths from '../../../lib/paths';
import { type OrderCommand, type OrderDetail, useOrderCommand } from '../api/orders-api';
import { AlternativesList } from './alternatives-list';
import { CancelDialog } from './cancel-dialog';
import { ChangeProjectSheet } from './change-project-sheet';
import { ExtraClockSheet } from './extra-clock-sheet';

const REVIEWABLE_STATUSES: readonly string[] = ['serviceEnded', 'pendingReview', 'completed', 'consumed'];

type Sheet = 'cancel' | 'changeProject' | 'addClock' | 'delete' | null;

const messageOf = (error: unknown) => (isApiError(error) ? error.message : String(error));

/**
 * Exactly the steps and actions the server allows this customer now (the detail's
 * `allowedTransitions` and `allowedActions`), each behind its confirmation or sheet. Paying is the
 * one exception: `pay` is the system's step (the payment makes it), so the button the shared state
 * machine allows opens the pay page (index/pay) instead.
 */
export function OrderActions({ order, isStaff = false }: { order: OrderDetail; isStaff?: boolean }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const command = useOrderCommand(order.id);
  const [sheet, setSheet] = useState<Sheet>(null);
  const transitions = new Set(order.allowedTransitions);
  const actions = new Set(order.allowedActions);
  const canPay = allowedTransitions(order.kind, order.status, 'customer').includes('pay');
  const isReassigning = order.status === 'reassigning';
  // Reviews (decision 049): once the service is over; the evaluate page shows an existing review.
  const canReview = !isStaff && REVIEWABLE_STATUSES.includes(order.status);

  const open = (next: Sheet) => {
    command.reset();
    setSheet(next);
  };
  const run = (next: OrderCommand, done: string, after?: () => void) =>
    command.mutate(next, {
      onSuccess: () => {
        setSheet(null);
        showToast(done);
        after?.();
      },
      onError: (error) => {
        // Inside a sheet the message shows in place; from the bar it is a toast.
        if (sheet === null) showToast(messageOf(error));
      },
    });

  // Book the same therapist (or store) and project again, on the booking page with them chosen.
  const rebook = () =>
    navigate(
      order.kind === 'inStore' && order.storeId !== null
        ? paths.bookInStore.href({
            storeId: order.storeId,
            projectId: order.projectId,
            therapistId: order.therapistId ?? undefined,
          })
        : paths.bookHomeVisit.href({ therapistId: order.therapistId ?? 0, projectId: order.projectId }),
    );

  return (
    <>
      {isReassigning && transitions.has('reassign') && !isStaff ? (
        <AlternativesList
          orderId={order.id}
          isSubmitting={command.isPending}
          onChoose={(provider) =>
            run(
              { kind: 'reassign', therapistId: provider.therapist.id },
              t('alternatives.done', { name: provider.therapist.name }),
            )
          }
        />
      ) : null}
      <section className="order-actions" aria-label={t('actions.label')}>
        {canPay ? (
          <div className="order-actions__pay">
            <Button color="primary" block onClick={() => navigate(paths.pay.href(order.id))}>
              {t('actions.pay')}
            </Button>
          </div>
        ) : null}
        {actions.has('urge') ? (
          <Button
            onClick={() => run({ kind: 'urge' }, t('actions.urged'))}
            loading={command.isPending && sheet === null}
          >
            {t('actions.urge')}
          </Button>
        ) : null}
        {actions.has('changeProject') ? (
          <Button onClick={() => open('changeProject')}>{t('actions.changeProject')}</Button>
        ) : null}
        {actions.has('addClock') ? (
          <Button onClick={() => open('addClock')}>{t('actions.addClock')}</Button>
        ) : null}
        {canReview ? (
          <Button color="primary" onClick={() => navigate(paths.evaluate.href(order.id))}>
            {t('actions.review')}
          </Button>
        ) : null}
        {actions.has('complain') && !isStaff ? (
          <Button onClick={() => navigate(paths.complain.href(order.id))}>{t('actions.complain')}</Button>
        ) : null}
        {actions.has('rebook') && order.therapistId !== null ? (
          <Button color="primary" fill="outline" onClick={rebook}>
            {t('actions.rebook')}
          </Button>
        ) : null}
        {transitions.has('cancel') ? (
          <Button color="danger" fill="outline" onClick={() => open('cancel')}>
            {isReassigning ? t('actions.cancelFree') : t('actions.cancel')}
          </Button>
        ) : null}
        {actions.has('delete') ? (
          <Button color="danger" fill="none" onClick={() => open('delete')}>
            {t('actions.delete')}
          </Button>
        ) : null}
      </section>

      {transitions.has('cancel') ? (
        <CancelDialog
          orderId={order.id}
          isOpen={sheet === 'cancel'}
          isSubmitting={command.isPending}
          error={sheet === 'cancel' ? command.error : null}
          isStaff={isStaff}
          onConfirm={(reason, { waiveFee }) =>
            run({ kind: 'transition', transition: 'cancel', reason, waiveFee }, t('cancel.done'))
          }
          onClose={() => setSheet(null)}
        />
      ) : null}
      {actions.has('changeProject') ? (
        <ChangeProjectSheet
          order={order}
          isOpen={sheet === 'changeProject'}
          isSubmitting={command.isPending}
          error={sheet === 'changeProject' ? command.error : null}
          onChoose={(projectId) => run({ kind: 'changeProject', projectId }, t('changeProject.done'))}
          onClose={() => setSheet(null)}
        />
      ) : null}
      {actions.has('addClock') ? (
        <ExtraClockSheet
          alreadyAdded={order.extraClocks}
          isOpen={sheet === 'addClock'}
          isSubmitting={command.isPending}
          error={sheet === 'addClock' ? command.error : null}
          onAdd={(count) => run({ kind: 'addClocks', count }, t('addClock.done'))}
          onClose={() => setSheet(null)}
        />
      ) : null}
      <Dialog
        visible={sheet === 'delete'}
        title={t('delete.title')}
        content={
          <>
            <p>{t('delete.description')}</p>
            {sheet === 'delete' && command.error ? <p role="alert">{messageOf(command.error)}</p> : null}
          </>
        }
        onClose={() => setSheet(null)}
        actions={[
          [
            { key: 'keep', text: t('actions.back'), onClick: () => setSheet(null) },
            {
              key: 'delete',
              text: t('delete.confirm'),
              danger: true,
              disabled: command.isPending,
              onClick: () => run({ kind: 'delete' }, t('delete.done'), () => navigate(paths.orders.href())),
            },
          ],
        ]}
      />
    </>
  );
}

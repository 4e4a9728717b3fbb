import '../desk-strings';
import type { OrderAlternative, OrderDetail } from '@sabai/shared/booking/booking.schemas';
import { findOrderStatusByCode } from '@sabai/shared/booking/order-status';
import { Button, CenterPopup, TextArea } from 'antd-mobile';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/feedback';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { useAuditTrail, useStaffAlternatives, useStaffReassign } from '../api/desk-api';

/** Statuses before the provider arrives, when the server lets customer service hand the order on. */
const REASSIGNABLE: readonly string[] = ['waitingAcceptance', 'accepted', 'departed', 'reassigning'];

const messageOf = (error: unknown) => (isApiError(error) ? error.message : String(error));

/**
 * Customer service's tools on an order's page: reassignment to a free provider (one tap, with a
 * required reason) and the audit trail of every staff action and flag. `onChanged` reads the order again.
 */
export function StaffOrderTools({
  order,
  onChanged,
}: {
  order: OrderDetail;
  onChanged: () => Promise<unknown>;
}) {
  return (
    <>
      {order.kind === 'homeVisit' && REASSIGNABLE.includes(order.status) ? (
        <StaffReassign order={order} onChanged={onChanged} />
      ) : null}
      <AuditTrail orderId={order.id} timeZone={order.labels?.timeZone} />
    </>
  );
}

function StaffReassign({ order, onChanged }: { order: OrderDetail; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('desk');
  const format = useFormatting();
  const [isOpen, setIsOpen] = useState(false);
  const [chosen, setChosen] = useState<OrderAlternative | null>(null);
  const [reason, setReason] = useState('');
  const [isReasonMissing, setIsReasonMissing] = useState(false);
  const alternatives = useStaffAlternatives(order.id, isOpen);
  const reassign = useStaffReassign(order.id);

  const confirm = () => {
    if (!chosen) return;
    if (reason.trim() === '') {
      setIsReasonMissing(true);
      return;
    }
    reassign.mutate(
      { therapistId: chosen.therapist.id, reason: reason.trim() },
      {
        onSuccess: async () => {
          showToast(t('reassign.done', { name: chosen.therapist.name }));
          setChosen(null);
          setReason('');
          setIsOpen(false);
          await onChanged();
        },
      },
    );
  };

  return (
    <section className="desk-section" aria-labelledby="desk-reassign-title">
      <h3 id="desk-reassign-title" className="desk-section__title">
        {t('reassign.title')}
      </h3>
      {!isOpen ? (
        <Button block onClick={() => setIsOpen(true)}>
          {t('reassign.open')}
        </Button>
      ) : alternatives.isPending ? (
        <CardSkeletons count={2} />
      ) : alternatives.isError ? (
        <LoadError error={alternatives.error} onRetry={() => alternatives.refetch()} />
      ) : alternatives.data.length === 0 ? (
        <p className="desk-empty" role="status">
          {t('reassign.none')}
        </p>
      ) : (
        <ul className="desk-list" aria-label={t('reassign.title')}>
          {alternatives.data.map((provider) => (
            <li key={provider.therapist.id} className="desk-card desk-card--row">
              <span className="desk-card__text">
                <span className="desk-card__number">{provider.therapist.name}</span>
                <span className="desk-card__meta">
                  {format.distance(provider.therapist.distanceMetres / 1000)} ·{' '}
                  {format.price({ amount: provider.quote.payable, currency: provider.quote.currency })}
                </span>
              </span>
              <Button
                size="small"
                color="primary"
                aria-label={t('reassign.choose', { name: provider.therapist.name })}
                onClick={() => {
                  reassign.reset();
                  setIsReasonMissing(false);
                  setChosen(provider);
                }}
              >
                {t('reassign.pick')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <CenterPopup
        visible={chosen !== null}
        onMaskClick={() => setChosen(null)}
        style={{ '--min-width': 'min(92vw, 420px)', '--max-width': 'min(92vw, 420px)' } as CSSProperties}
      >
        <div className="order-dialog" role="dialog" aria-labelledby="desk-reassign-confirm">
          <h2 id="desk-reassign-confirm" className="order-dialog__title">
            {t('reassign.confirmTitle', { name: chosen?.therapist.name ?? '' })}
          </h2>
          <label htmlFor="desk-reassign-reason" className="visually-hidden">
            {t('reason')}
          </label>
          <TextArea
            id="desk-reassign-reason"
            placeholder={t('reason')}
            value={reason}
            onChange={(value) => {
              setReason(value);
              setIsReasonMissing(false);
            }}
            maxLength={300}
            rows={2}
          />
          {isReasonMissing ? (
            <p className="order-dialog__error" role="alert">
              {t('reasonMissing')}
            </p>
          ) : null}
          {reassign.error ? (
            <p className="order-dialog__error" role="alert">
              {messageOf(reassign.error)}
            </p>
          ) : null}
          <div className="order-dialog__actions">
            <Button block onClick={() => setChosen(null)}>
              {t('back')}
            </Button>
            <Button block color="primary" loading={reassign.isPending} onClick={confirm}>
              {t('reassign.confirm')}
            </Button>
          </div>
        </div>
      </CenterPopup>
    </section>
  );
}

function AuditTrail({ orderId, timeZone }: { orderId: number; timeZone?: string }) {
  const { t } = useTranslation('desk');
  const { t: tOrders } = useTranslation('orders');
  const format = useFormatting();
  const trail = useAuditTrail(orderId);
  const statusName = (code: number) => {
    const status = findOrderStatusByCode(code);
    return status ? tOrders(`status.${status}`) : String(code);
  };
  return (
    <section className="desk-section" aria-labelledby="desk-audit-title">
      <h3 id="desk-audit-title" className="desk-section__title">
        {t('audit.title')}
      </h3>
      {trail.isPending ? (
        <CardSkeletons count={1} />
      ) : trail.isError ? (
        <LoadError error={trail.error} onRetry={() => trail.refetch()} />
      ) : trail.data.entries.length === 0 && trail.data.flags.length === 0 ? (
        <p className="desk-empty">{t('audit.none')}</p>
      ) : (
        <ol className="desk-audit">
          {trail.data.entries.map((entry) => (
            <li key={`entry-${entry.id}`} className="desk-audit__entry">
              <span className="desk-audit__head">
                <strong>{tOrders(`timeline.${entry.action}`, { defaultValue: entry.action })}</strong>
                <time dateTime={entry.at}>{format.dateTime(entry.at, timeZone)}</time>
              </span>
              <span className="desk-card__meta">{t('audit.by', { id: entry.staffId })}</span>
              <span className="desk-card__meta">
                {t('audit.change', {
                  before: statusName(entry.before.status),
                  after: statusName(entry.after.status),
                })}
              </span>
              {entry.reason ? <span className="desk-audit__reason">{entry.reason}</span> : null}
            </li>
          ))}
          {trail.data.flags.map((flag) => (
            <li key={`flag-${flag.id}`} className="desk-audit__entry">
              <span className="desk-audit__head">
                <span className="desk-flag">{t(`flags.${flag.kind}`)}</span>
                <time dateTime={flag.raisedAt}>{format.dateTime(flag.raisedAt, timeZone)}</time>
              </span>
              <span className="desk-card__meta">
                {flag.resolvedAt
                  ? t('audit.resolved', { time: format.dateTime(flag.resolvedAt, timeZone) })
                  : t('audit.open')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

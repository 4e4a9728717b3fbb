import '../orders-strings';
import { Button, CenterPopup, Checkbox, TextArea } from 'antd-mobile';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { useCancellationPreview } from '../api/orders-api';

/**
 * The confirmation before cancelling: it first asks the server what cancelling now would keep and
 * refund (the same settlement the cancellation records) and shows exactly that, line by line.
 * Customer service (`isStaff`) cancels on someone's behalf: a reason is required (it goes into the
 * audit trail) and the fee may be waived, which refunds everything paid.
 */
export function CancelDialog({
  orderId,
  isOpen,
  isSubmitting,
  error,
  onConfirm,
  onClose,
  isStaff = false,
}: {
  orderId: number;
  isOpen: boolean;
  isSubmitting: boolean;
  error: unknown;
  onConfirm: (reason: string, options: { waiveFee: boolean }) => void;
  onClose: () => void;
  isStaff?: boolean;
}) {
  const { t } = useTranslation('orders');
  const format = useFormatting();
  const [reason, setReason] = useState('');
  const [waiveFee, setWaiveFee] = useState(false);
  const [isReasonMissing, setIsReasonMissing] = useState(false);
  const isWaived = isStaff && waiveFee;
  const confirm = () => {
    if (isStaff && reason.trim() === '') {
      setIsReasonMissing(true);
      return;
    }
    onConfirm(reason.trim(), { waiveFee: isWaived });
  };
  const preview = useCancellationPreview(orderId, isOpen);
  const money = (amount: number) => format.money({ amount, currency: preview.data?.currency ?? 'USD' });
  return (
    <CenterPopup
      visible={isOpen}
      onMaskClick={onClose}
      style={{ '--min-width': 'min(92vw, 420px)', '--max-width': 'min(92vw, 420px)' } as CSSProperties}
    >
      <div className="order-dialog" role="dialog" aria-labelledby="cancel-title">
        <h2 id="cancel-title" className="order-dialog__title">
          {t('cancel.title')}
        </h2>
        {preview.isPending ? (
          <p role="status">{t('cancel.loading')}</p>
        ) : preview.isError ? (
          <LoadError error={preview.error} onRetry={() => preview.refetch()} />
        ) : (
          <>
            <dl className="order-lines" data-testid="cancel-preview">
              <div className="order-lines__row">
                <dt>{t('cancel.paid')}</dt>
                <dd>{money(preview.data.paid)}</dd>
              </div>
              {(isWaived ? [] : preview.data.kept).map((line) => (
                <div key={line.reason} className="order-lines__row is-kept">
                  <dt>
                    {t(`cancel.reasons.${line.reason}`)}{' '}
                    <span className="order-lines__note">{t(`cancel.keptBy.${line.keptBy}`)}</span>
                  </dt>
                  <dd>−{money(line.amount)}</dd>
                </div>
              ))}
              {isWaived ? (
                <p className="order-lines__note">{t('cancel.staff.waived')}</p>
              ) : preview.data.kept.length === 0 ? (
                <p className="order-lines__note">{t('cancel.nothingKept')}</p>
              ) : null}
              <div className="order-lines__row">
                <dt>{t('cancel.kept')}</dt>
                <dd>{money(isWaived ? 0 : preview.data.keptTotal)}</dd>
              </div>
              <div className="order-lines__row is-total">
                <dt>{t('cancel.refund')}</dt>
                <dd>{money(isWaived ? preview.data.paid : preview.data.refund)}</dd>
              </div>
            </dl>
            {preview.data.isCouponReturned ? (
              <p className="order-lines__note">{t('cancel.couponReturned')}</p>
            ) : null}
            {preview.data.paid > 0 ? <p className="order-lines__note">{t('cancel.refundRoute')}</p> : null}
            {isStaff && preview.data.keptTotal > 0 ? (
              <Checkbox checked={waiveFee} onChange={setWaiveFee}>
                {t('cancel.staff.waiveFee')}
              </Checkbox>
            ) : null}
            <label htmlFor="cancel-reason" className="visually-hidden">
              {isStaff ? t('cancel.staff.reason') : t('cancel.reason')}
            </label>
            <TextArea
              id="cancel-reason"
              className="order-dialog__reason"
              placeholder={isStaff ? t('cancel.staff.reason') : t('cancel.reason')}
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
                {t('cancel.staff.reasonMissing')}
              </p>
            ) : null}
          </>
        )}
        {error ? (
          <p className="order-dialog__error" role="alert">
            {isApiError(error) ? error.message : String(error)}
          </p>
        ) : null}
        <div className="order-dialog__actions">
          <Button block onClick={onClose}>
            {t('actions.keep')}
          </Button>
          <Button block color="danger" disabled={!preview.isSuccess} loading={isSubmitting} onClick={confirm}>
            {t('cancel.confirm')}
          </Button>
        </div>
      </div>
    </CenterPopup>
  );
}

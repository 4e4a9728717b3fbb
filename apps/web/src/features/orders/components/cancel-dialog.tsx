import '../orders-strings';
import { Button, CenterPopup, TextArea } from 'antd-mobile';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { useCancellationPreview } from '../api/orders-api';

/**
 * The confirmation before cancelling: it first asks the server what cancelling now would keep and
 * refund (the same settlement the cancellation records) and shows exactly that, line by line.
 */
export function CancelDialog({
  orderId,
  isOpen,
  isSubmitting,
  error,
  onConfirm,
  onClose,
}: {
  orderId: number;
  isOpen: boolean;
  isSubmitting: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const format = useFormatting();
  const [reason, setReason] = useState('');
  const preview = useCancellationPreview(orderId, isOpen);
  const money = (amount: number) => format.price({ amount, currency: preview.data?.currency ?? 'USD' });
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
              {preview.data.kept.map((line) => (
                <div key={line.reason} className="order-lines__row is-kept">
                  <dt>
                    {t(`cancel.reasons.${line.reason}`)}{' '}
                    <span className="order-lines__note">{t(`cancel.keptBy.${line.keptBy}`)}</span>
                  </dt>
                  <dd>−{money(line.amount)}</dd>
                </div>
              ))}
              {preview.data.kept.length === 0 ? (
                <p className="order-lines__note">{t('cancel.nothingKept')}</p>
              ) : null}
              <div className="order-lines__row">
                <dt>{t('cancel.kept')}</dt>
                <dd>{money(preview.data.keptTotal)}</dd>
              </div>
              <div className="order-lines__row is-total">
                <dt>{t('cancel.refund')}</dt>
                <dd>{money(preview.data.refund)}</dd>
              </div>
            </dl>
            {preview.data.isCouponReturned ? (
              <p className="order-lines__note">{t('cancel.couponReturned')}</p>
            ) : null}
            {preview.data.paid > 0 ? <p className="order-lines__note">{t('cancel.refundRoute')}</p> : null}
            <label htmlFor="cancel-reason" className="visually-hidden">
              {t('cancel.reason')}
            </label>
            <TextArea
              id="cancel-reason"
              className="order-dialog__reason"
              placeholder={t('cancel.reason')}
              value={reason}
              onChange={setReason}
              maxLength={300}
              rows={2}
            />
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
          <Button
            block
            color="danger"
            disabled={!preview.isSuccess}
            loading={isSubmitting}
            onClick={() => onConfirm(reason.trim())}
          >
            {t('cancel.confirm')}
          </Button>
        </div>
      </div>
    </CenterPopup>
  );
}

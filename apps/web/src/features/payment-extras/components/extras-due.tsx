import '../tips-strings';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popup, Selector } from 'antd-mobile';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { type PurposeAttemptView, payOrderExtras, type TipMethod, useOrderExtras } from '../api/extras-api';
import { moneyText } from '../money-text';
import { methodLabel, tipMethodsFor } from '../rails';
import { PaymentQr } from './payment-qr';

/**
 * What extra clocks or a dearer project still ask of the customer (decision 045): shown only
 * while something is due, paid into the same order by wallet or a rail after a confirmation.
 */
export function ExtrasDue({ orderId, timeZone }: { orderId: number; timeZone?: string | undefined }) {
  const { t } = useTranslation('tips');
  const format = useFormatting();
  const queryClient = useQueryClient();
  const extras = useOrderExtras(orderId);
  const [isOpen, setIsOpen] = useState(false);
  const [method, setMethod] = useState<TipMethod>('wallet');
  const [attempt, setAttempt] = useState<PurposeAttemptView>();
  const [error, setError] = useState<string>();
  const [isSending, setIsSending] = useState(false);
  const idempotencyKey = useRef(crypto.randomUUID());

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ['orders', 'detail', orderId] }),
    [queryClient, orderId],
  );
  const onSettled = useCallback(
    (status: PurposeAttemptView['status']) => {
      if (status === 'succeeded') {
        setIsOpen(false);
        setAttempt(undefined);
        void refresh();
      }
    },
    [refresh],
  );
  if (!extras.data || extras.data.due <= 0) return null;
  const { due, currency } = extras.data;
  const amount = moneyText(due, currency, format.locale);
  const close = () => {
    setIsOpen(false);
    setAttempt(undefined);
    setError(undefined);
    idempotencyKey.current = crypto.randomUUID();
  };
  const pay = async () => {
    setIsSending(true);
    setError(undefined);
    try {
      const started = await payOrderExtras(orderId, method, idempotencyKey.current);
      if (started.status === 'succeeded') {
        close();
        await refresh();
      } else setAttempt(started);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('common:errors.unknown'));
      idempotencyKey.current = crypto.randomUUID();
    } finally {
      setIsSending(false);
    }
  };

  return (
    <section className="order-section extras-due" aria-labelledby={`extras-due-${orderId}`}>
      <h3 id={`extras-due-${orderId}`} className="order-section__title">
        {t('extras.title')}
      </h3>
      <p className="extras-due__text">{t('extras.due', { amount })}</p>
      <Button block color="primary" onClick={() => setIsOpen(true)}>
        {t('extras.pay', { amount })}
      </Button>
      <Popup visible={isOpen} onMaskClick={close} bodyClassName="extras-sheet">
        <div role="dialog" aria-labelledby="extras-pay-title" className="extras-sheet__body">
          <h2 id="extras-pay-title" className="extras-sheet__title">
            {t('extras.sheetTitle')}
          </h2>
          {attempt ? (
            <>
              <PaymentQr attempt={attempt} onSettled={onSettled} timeZone={timeZone} />
              <Button block onClick={close}>
                {t('tip.close')}
              </Button>
            </>
          ) : (
            <>
              <p className="extras-sheet__lead">{t('extras.confirmText', { amount })}</p>
              <p className="extras-sheet__label" id="extras-method-label">
                {t('pay.method')}
              </p>
              <Selector
                aria-labelledby="extras-method-label"
                columns={2}
                value={[method]}
                onChange={(values) => values[0] && setMethod(values[0])}
                options={tipMethodsFor(currency).map((rail) => ({
                  label: methodLabel(rail, t),
                  value: rail,
                }))}
              />
              {error ? (
                <p className="extras-sheet__error" role="alert">
                  {error}
                </p>
              ) : null}
              <div className="extras-sheet__actions">
                <Button block onClick={close}>
                  {t('tip.cancel')}
                </Button>
                <Button block color="primary" loading={isSending} onClick={pay}>
                  {t('extras.pay', { amount })}
                </Button>
              </div>
            </>
          )}
        </div>
      </Popup>
    </section>
  );
}

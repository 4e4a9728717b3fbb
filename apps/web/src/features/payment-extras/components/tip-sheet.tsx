import '../tips-strings';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popup, Selector } from 'antd-mobile';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { extrasKeys, giveTip, type PurposeAttemptView, type TipMethod } from '../api/extras-api';
import { moneyText, typedAmount } from '../money-text';
import { methodLabel, tipMethodsFor } from '../rails';
import { PaymentQr } from './payment-qr';

type Step = 'choose' | 'confirm' | 'paying' | 'done';
const CUSTOM = 'custom';

/**
 * The customer's tip after a completed order: a preset or their own amount, a method, a
 * confirmation, then either done (wallet) or the rail's QR until the provider confirms.
 */
export function TipSheet({
  orderId,
  currency,
  presets,
  maxAmount,
  isOpen,
  onClose,
  timeZone,
}: {
  timeZone?: string | undefined;
  orderId: number;
  currency: string;
  presets: number[];
  maxAmount: number;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('tips');
  const format = useFormatting();
  const queryClient = useQueryClient();
  const customId = useId();
  const [step, setStep] = useState<Step>('choose');
  const [choice, setChoice] = useState<string>(String(presets[1] ?? presets[0] ?? CUSTOM));
  const [custom, setCustom] = useState('');
  const [method, setMethod] = useState<TipMethod>('wallet');
  const [attempt, setAttempt] = useState<PurposeAttemptView>();
  const [error, setError] = useState<string>();
  const [isSending, setIsSending] = useState(false);
  // One key per confirmed tip: a double tap or a retry after a lost answer tips once.
  const idempotencyKey = useRef(crypto.randomUUID());

  const amount = choice === CUSTOM ? typedAmount(custom, currency) : Number(choice);
  const isAmountValid = amount !== null && amount > 0 && amount <= maxAmount;
  const shown = (value: number) => moneyText(value, currency, format.locale);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: extrasKeys.orderTips(orderId) }),
    [queryClient, orderId],
  );
  const close = () => {
    setStep('choose');
    setError(undefined);
    setAttempt(undefined);
    idempotencyKey.current = crypto.randomUUID();
    onClose();
  };
  const send = async () => {
    if (!isAmountValid || amount === null) return;
    setIsSending(true);
    setError(undefined);
    try {
      const started = await giveTip(orderId, { amount, method }, idempotencyKey.current);
      if (started.attempt.status === 'succeeded') {
        setStep('done');
        await refresh();
      } else {
        setAttempt(started.attempt);
        setStep('paying');
      }
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('common:errors.unknown'));
      // The next try is a new request (the failed one moved nothing).
      idempotencyKey.current = crypto.randomUUID();
    } finally {
      setIsSending(false);
    }
  };
  const onSettled = useCallback(
    (status: PurposeAttemptView['status']) => {
      if (status === 'succeeded') {
        setStep('done');
        void refresh();
      }
    },
    [refresh],
  );

  return (
    <Popup visible={isOpen} onMaskClick={close} bodyClassName="extras-sheet">
      <div role="dialog" aria-labelledby="tip-title" className="extras-sheet__body">
        <h2 id="tip-title" className="extras-sheet__title">
          {step === 'confirm' ? t('tip.confirmTitle') : t('tip.title')}
        </h2>
        {step === 'choose' ? (
          <>
            <p className="extras-sheet__lead">{t('tip.lead')}</p>
            <p className="extras-sheet__label" id="tip-amount-label">
              {t('tip.amount')}
            </p>
            <Selector
              aria-labelledby="tip-amount-label"
              columns={presets.length + 1}
              value={[choice]}
              onChange={(values) => values[0] && setChoice(values[0])}
              options={[
                ...presets.map((preset) => ({ label: shown(preset), value: String(preset) })),
                { label: t('tip.custom'), value: CUSTOM },
              ]}
            />
            {choice === CUSTOM ? (
              <div className="extras-sheet__custom">
                <label htmlFor={customId}>{t('tip.customLabel', { currency })}</label>
                <Input
                  id={customId}
                  inputMode="decimal"
                  value={custom}
                  onChange={setCustom}
                  placeholder={t('tip.customPlaceholder')}
                  aria-invalid={custom !== '' && !isAmountValid}
                />
                {custom !== '' && !isAmountValid ? (
                  <p className="extras-sheet__error" role="alert">
                    {t('tip.invalidAmount', { max: shown(maxAmount) })}
                  </p>
                ) : null}
              </div>
            ) : null}
            <p className="extras-sheet__label" id="tip-method-label">
              {t('pay.method')}
            </p>
            <Selector
              aria-labelledby="tip-method-label"
              columns={2}
              value={[method]}
              onChange={(values) => values[0] && setMethod(values[0])}
              options={tipMethodsFor(currency).map((rail) => ({
                label: methodLabel(rail, t),
                value: rail,
              }))}
            />
            <div className="extras-sheet__actions">
              <Button block onClick={close}>
                {t('tip.cancel')}
              </Button>
              <Button block color="primary" disabled={!isAmountValid} onClick={() => setStep('confirm')}>
                {t('tip.continue')}
              </Button>
            </div>
          </>
        ) : null}
        {step === 'confirm' && amount !== null ? (
          <>
            <p className="extras-sheet__lead">
              {t('tip.confirmText', { amount: shown(amount), method: methodLabel(method, t) })}
            </p>
            {error ? (
              <p className="extras-sheet__error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="extras-sheet__actions">
              <Button block onClick={() => setStep('choose')}>
                {t('tip.back')}
              </Button>
              <Button block color="primary" loading={isSending} onClick={send}>
                {t('tip.confirm', { amount: shown(amount) })}
              </Button>
            </div>
          </>
        ) : null}
        {step === 'paying' && attempt ? (
          <>
            <PaymentQr attempt={attempt} onSettled={onSettled} timeZone={timeZone} />
            <Button block onClick={close}>
              {t('tip.close')}
            </Button>
          </>
        ) : null}
        {step === 'done' ? (
          <>
            <p className="extras-sheet__done" role="status">
              {t('tip.thanks')}
            </p>
            <Button block color="primary" onClick={close}>
              {t('tip.close')}
            </Button>
          </>
        ) : null}
      </div>
    </Popup>
  );
}

import '../tips-strings';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Selector } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import {
  type PurposeAttemptView,
  startTopUp,
  type TopUpMethod,
  useTopUpOptions,
  useWalletBalances,
} from '../api/extras-api';
import { moneyText, typedAmount } from '../money-text';
import { methodLabel } from '../rails';
import { PaymentQr } from './payment-qr';

export const TOP_UP_CURRENCIES = ['USD', 'KHR', 'THB', 'VND'] as const;
const CUSTOM = 'custom';

/**
 * Topping up the wallet (decision 045): an amount (a preset or the customer's own, within the
 * limits), a rail, then its QR until the provider confirms and the wallet is credited.
 */
export function TopUpView({ initialCurrency }: { initialCurrency: string }) {
  const { t } = useTranslation('tips');
  const format = useFormatting();
  const queryClient = useQueryClient();
  const customId = useId();
  const [currency, setCurrency] = useState(initialCurrency);
  const options = useTopUpOptions(currency);
  const wallet = useWalletBalances();
  const [choice, setChoice] = useState<string>();
  const [custom, setCustom] = useState('');
  const [method, setMethod] = useState<TopUpMethod>();
  const [attempt, setAttempt] = useState<PurposeAttemptView>();
  const [isDone, setIsDone] = useState(false);
  const [error, setError] = useState<string>();
  const [isSending, setIsSending] = useState(false);
  const idempotencyKey = useRef(crypto.randomUUID());

  const data = options.data;
  // The first preset and the first method the currency's rails take, until the customer chooses.
  useEffect(() => {
    if (!data) return;
    setChoice((current) => current ?? String(data.presets[0] ?? CUSTOM));
    setMethod((current) => (current && data.methods.includes(current) ? current : data.methods[0]));
  }, [data]);

  const onSettled = useCallback(
    (status: PurposeAttemptView['status']) => {
      if (status === 'succeeded') {
        setIsDone(true);
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      }
    },
    [queryClient],
  );

  if (options.isPending) return <CardSkeletons count={3} />;
  if (options.isError || !data) return <LoadError error={options.error} onRetry={() => options.refetch()} />;

  const shown = (amount: number) => moneyText(amount, currency, format.locale);
  const balance = wallet.data?.balances.find((entry) => entry.currency === currency)?.amount ?? 0;
  const balanceLine = wallet.data ? (
    <p className="top-up__balance">{t('topUp.balance', { amount: shown(balance) })}</p>
  ) : null;
  const startOver = () => {
    setAttempt(undefined);
    setIsDone(false);
    idempotencyKey.current = crypto.randomUUID();
  };
  const amount = choice === CUSTOM ? typedAmount(custom, currency) : choice ? Number(choice) : null;
  const isAmountValid = amount !== null && amount >= data.minAmount && amount <= data.maxAmount;

  if (isDone && attempt)
    return (
      <div className="top-up">
        <section className="top-up__done" role="status" aria-labelledby="top-up-done-title">
          <CheckCircleFill className="top-up__done-icon" aria-hidden="true" />
          <h2 id="top-up-done-title">{t('topUp.doneTitle')}</h2>
          <p>{t('topUp.done', { amount: shown(attempt.amount) })}</p>
          {balanceLine}
        </section>
        <Button block onClick={startOver}>
          {t('topUp.again')}
        </Button>
      </div>
    );
  if (attempt)
    return (
      <div className="top-up">
        <PaymentQr attempt={attempt} onSettled={onSettled} />
        <Button block onClick={startOver}>
          {t('topUp.startOver')}
        </Button>
      </div>
    );

  const submit = async () => {
    if (!isAmountValid || amount === null || !method) return;
    setIsSending(true);
    setError(undefined);
    try {
      const started = await startTopUp({ amount, currency, method }, idempotencyKey.current);
      setAttempt(started.attempt);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('common:errors.unknown'));
      idempotencyKey.current = crypto.randomUUID();
    } finally {
      setIsSending(false);
    }
  };

  return (
    <div className="top-up">
      {balanceLine}
      <p className="top-up__label" id="top-up-currency-label">
        {t('topUp.currency')}
      </p>
      <Selector
        aria-labelledby="top-up-currency-label"
        columns={4}
        value={[currency]}
        onChange={(values) => {
          if (!values[0]) return;
          setCurrency(values[0]);
          setChoice(undefined);
          setCustom('');
        }}
        options={TOP_UP_CURRENCIES.map((code) => ({ label: code, value: code }))}
      />
      <p className="top-up__label" id="top-up-amount-label">
        {t('topUp.amount')}
      </p>
      <Selector
        aria-labelledby="top-up-amount-label"
        columns={3}
        value={choice ? [choice] : []}
        onChange={(values) => values[0] && setChoice(values[0])}
        options={[
          ...data.presets.map((preset) => ({ label: shown(preset), value: String(preset) })),
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
        </div>
      ) : null}
      <p className={custom !== '' && !isAmountValid ? 'extras-sheet__error' : 'top-up__limits'}>
        {t('topUp.limits', { min: shown(data.minAmount), max: shown(data.maxAmount) })}
      </p>
      <p className="top-up__label" id="top-up-method-label">
        {t('pay.method')}
      </p>
      <Selector
        aria-labelledby="top-up-method-label"
        columns={2}
        value={method ? [method] : []}
        onChange={(values) => values[0] && setMethod(values[0])}
        options={data.methods.map((rail) => ({ label: methodLabel(rail, t), value: rail }))}
      />
      {error ? (
        <p className="extras-sheet__error" role="alert">
          {error}
        </p>
      ) : null}
      <Button
        block
        color="primary"
        size="large"
        disabled={!isAmountValid || !method}
        loading={isSending}
        onClick={submit}
      >
        {isAmountValid && amount !== null
          ? t('topUp.submit', { amount: shown(amount) })
          : t('topUp.submitPlain')}
      </Button>
    </div>
  );
}

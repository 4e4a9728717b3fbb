import '../orders-strings';
import { isBankAccountNumber, type RefundView } from '@sabai/shared/payments/refunds.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form, SubmitButton, useZodForm } from '../../../components/form/form';
import { TextField } from '../../../components/form/text-field';
import { showToast } from '../../../components/ui/feedback';
import { LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { useOrderRefund, useSubmitBankDetails } from '../api/refund-api';

/** The QR rails' brand names, the same in every language (the others are translated words). */
const RAIL_BRANDS: Record<string, string> = { khqr: 'KHQR', promptpay: 'PromptPay', vietqr: 'VietQR' };

const bankDetailsForm = z.object({
  holderName: z
    .string()
    .trim()
    .min(1, 'orders:refund.bank.errors.holderName')
    .max(100, 'orders:refund.bank.errors.holderName'),
  bankName: z
    .string()
    .trim()
    .min(1, 'orders:refund.bank.errors.bankName')
    .max(100, 'orders:refund.bank.errors.bankName'),
  accountNumber: z.string().trim().refine(isBankAccountNumber, 'orders:refund.bank.errors.accountNumber'),
});

/**
 * The refund of a cancelled order, for its customer (decision 042): "refunding" with the day it is
 * promised by; where the payment route cannot refund, the bank card form; then who pays and when.
 */
export function RefundPanel({
  orderId,
  timeZone,
  isStaff = false,
}: {
  orderId: number;
  /** The order's city's zone: the refund's dates are on the order's clock, as its other times. */
  timeZone: string | undefined;
  isStaff?: boolean;
}) {
  const { t } = useTranslation('orders');
  const format = useFormatting();
  const refund = useOrderRefund(orderId, true);
  const [isEditing, setIsEditing] = useState(false);
  if (refund.isPending)
    return (
      <p role="status" className="refund-panel">
        {t('refund.loading')}
      </p>
    );
  if (refund.isError) return <LoadError error={refund.error} onRetry={() => refund.refetch()} />;
  const view = refund.data;
  // Nothing was paid (or nothing is given back): there is no refund to follow.
  if (!view || view.amount === 0) return null;
  const amount = format.money({ amount: view.amount, currency: view.currency });
  const method =
    RAIL_BRANDS[view.method] ?? t(`refund.methods.${view.method}`, { defaultValue: view.method });
  const asksForCard = !isStaff && (view.status === 'needsBankDetails' || isEditing);
  return (
    <section className="order-section refund-panel" aria-labelledby="refund-title" data-status={view.status}>
      <h2 id="refund-title" className="refund-panel__title">
        {t('refund.title')}
      </h2>
      <RefundStatus view={view} amount={amount} method={method} timeZone={timeZone} />
      {view.bankDetails && !asksForCard ? (
        <dl className="order-lines refund-panel__card">
          <div className="order-lines__row order-lines__row--info">
            <dt>{t('refund.bank.holderName')}</dt>
            <dd>{view.bankDetails.holderName}</dd>
          </div>
          <div className="order-lines__row order-lines__row--info">
            <dt>{t('refund.bank.bankName')}</dt>
            <dd>{view.bankDetails.bankName}</dd>
          </div>
          <div className="order-lines__row order-lines__row--info">
            <dt>{t('refund.bank.accountNumber')}</dt>
            <dd>{view.bankDetails.accountNumber}</dd>
          </div>
        </dl>
      ) : null}
      {view.status === 'awaitingPayout' && !isStaff && !isEditing ? (
        <button type="button" className="refund-panel__edit" onClick={() => setIsEditing(true)}>
          {t('refund.bank.edit')}
        </button>
      ) : null}
      {asksForCard ? (
        <BankDetailsForm
          orderId={orderId}
          initial={view.bankDetails}
          onSaved={() => {
            setIsEditing(false);
            showToast(t('refund.bank.saved'));
          }}
        />
      ) : null}
    </section>
  );
}

function RefundStatus({
  view,
  amount,
  method,
  timeZone,
}: {
  view: RefundView;
  amount: string;
  method: string;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('orders');
  const format = useFormatting();
  if (view.status === 'processing')
    return (
      <>
        <p className="refund-panel__lead">{t('refund.processing', { amount, method })}</p>
        {view.expectedBy ? (
          <p className="refund-panel__date">
            {t('refund.expectedBy', { date: format.date(view.expectedBy, timeZone) })}
          </p>
        ) : null}
      </>
    );
  if (view.status === 'needsBankDetails')
    return (
      <p className="refund-panel__lead" role="alert">
        {t('refund.needsBankDetails', { amount })}
      </p>
    );
  if (view.status === 'awaitingPayout')
    return <p className="refund-panel__lead">{t('refund.awaitingPayout', { amount })}</p>;
  return (
    <p className="refund-panel__lead">
      {t('refund.refunded', { amount })}
      {view.completedAt ? ` ${format.date(view.completedAt, timeZone)}` : ''}
    </p>
  );
}

function BankDetailsForm({
  orderId,
  initial,
  onSaved,
}: {
  orderId: number;
  initial: RefundView['bankDetails'];
  onSaved: () => void;
}) {
  const { t } = useTranslation('orders');
  const submit = useSubmitBankDetails(orderId);
  const form = useZodForm(bankDetailsForm, {
    holderName: initial?.holderName ?? '',
    bankName: initial?.bankName ?? '',
    accountNumber: initial?.accountNumber ?? '',
  });
  return (
    <Form
      form={form}
      className="refund-panel__form"
      onSubmit={async (values) => {
        await submit.mutateAsync(values);
        onSaved();
      }}
    >
      <div className="refund-panel__field">
        <span aria-hidden="true">{t('refund.bank.holderName')}</span>
        <TextField
          name="holderName"
          label={t('refund.bank.holderName')}
          autoComplete="cc-name"
          maxLength={100}
        />
      </div>
      <div className="refund-panel__field">
        <span aria-hidden="true">{t('refund.bank.bankName')}</span>
        <TextField name="bankName" label={t('refund.bank.bankName')} maxLength={100} />
      </div>
      <div className="refund-panel__field">
        <span aria-hidden="true">{t('refund.bank.accountNumber')}</span>
        <TextField
          name="accountNumber"
          label={t('refund.bank.accountNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={45}
        />
      </div>
      <SubmitButton>{t('refund.bank.submit')}</SubmitButton>
    </Form>
  );
}

import { Button } from 'antd-mobile';
import { CheckCircleOutline } from 'antd-mobile-icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, showToast } from '../../../components/ui/feedback';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { randomId } from '../../../lib/storage';
import { useCashDue, useConfirmCashReceived } from '../api/cash-api';

/** Where the provider can have been handed the cash: at the service or after it. */
const CASH_STATUSES = new Set([
  'accepted',
  'departed',
  'arrived',
  'inService',
  'serviceEnded',
  'pendingReview',
  'completed',
  'toBeUsed',
  'preparing',
  'consumed',
]);

/**
 * For an order the customer pays in cash: how much to collect, and "cash received" once they have
 * it, after a confirmation (the platform's part is then owed and taken from the next earnings).
 */
export function CashReceived({ orderId, status }: { orderId: number; status: string }) {
  const { t } = useTranslation('workbench');
  const format = useFormatting();
  const due = useCashDue(orderId, CASH_STATUSES.has(status));
  const received = useConfirmCashReceived(orderId);
  const key = useRef('');
  if (!due.data) return null;
  const amount = format.price({ amount: due.data.amount, currency: due.data.currency });
  if (due.data.receivedAt)
    return (
      <p className="cash-received is-done" role="status">
        <CheckCircleOutline aria-hidden="true" /> {t('cash.received', { amount })}
      </p>
    );
  const confirmReceived = async () => {
    if (!(await confirm(t('cash.confirm', { amount }), t('cash.confirmYes'), t('actions.cancel')))) return;
    key.current ||= randomId(24);
    try {
      await received.mutateAsync(key.current);
      key.current = '';
      showToast(t('cash.done'));
    } catch (error) {
      showToast(isApiError(error) ? error.message : t('common:errors.unknown'), 3000);
    }
  };
  return (
    <div className="cash-received">
      <p>{t('cash.collect', { amount })}</p>
      <Button
        block
        color="success"
        size="large"
        loading={received.isPending}
        onClick={() => void confirmReceived()}
      >
        {t('cash.action')}
      </Button>
    </div>
  );
}

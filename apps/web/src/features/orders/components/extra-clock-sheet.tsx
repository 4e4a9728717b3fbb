import '../orders-strings';
import { Button, Popup, Stepper } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';

/** The city allows at most this many extra sessions by default; the server holds the real limit. */
const DEFAULT_MAX_EXTRA_CLOCKS = 4;

/**
 * Extra sessions while in service. The server refuses more than the city allows and any that would
 * run into the therapist's next order; its message is shown here as it comes.
 */
export function ExtraClockSheet({
  alreadyAdded,
  isOpen,
  isSubmitting,
  error,
  onAdd,
  onClose,
}: {
  alreadyAdded: number;
  isOpen: boolean;
  isSubmitting: boolean;
  error: unknown;
  onAdd: (count: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const [count, setCount] = useState(1);
  const max = Math.max(1, DEFAULT_MAX_EXTRA_CLOCKS - alreadyAdded);
  return (
    <Popup visible={isOpen} onMaskClick={onClose} bodyClassName="order-sheet">
      <div role="dialog" aria-labelledby="clock-title">
        <h2 id="clock-title" className="order-dialog__title">
          {t('addClock.title')}
        </h2>
        <div className="order-stepper">
          <span id="clock-count-label">{t('addClock.count')}</span>
          <Stepper
            min={1}
            max={max}
            value={count}
            onChange={(value) => setCount(value)}
            inputReadOnly
            aria-labelledby="clock-count-label"
            data-testid="clock-stepper"
          />
        </div>
        {error ? (
          <p className="order-dialog__error" role="alert">
            {isApiError(error) ? error.message : String(error)}
          </p>
        ) : null}
        <div className="order-dialog__actions">
          <Button block onClick={onClose}>
            {t('actions.back')}
          </Button>
          <Button block color="primary" loading={isSubmitting} onClick={() => onAdd(count)}>
            {t('addClock.confirm')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}

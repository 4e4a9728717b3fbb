import { ERROR_CODES } from '@sabai/shared/error-codes';
import { Button } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-client';
import * as paths from '../../lib/paths';
import './booking-strings';

/**
 * The server's refusals a booking page answers with a way forward (spec section 8): a closed city
 * offers the city picker, a provider who cannot take the order offers another, a start that went
 * meanwhile refreshes the free starts and asks again.
 */
export type Refusal =
  | { kind: 'city'; message: string }
  | { kind: 'provider'; message: string }
  | { kind: 'time'; message: string };

export function refusalOf(error: unknown): Refusal | undefined {
  if (!isApiError(error) || error.kind !== 'business') return undefined;
  switch (error.code) {
    case ERROR_CODES.cityNotOpen.code:
      return { kind: 'city', message: error.message };
    case ERROR_CODES.therapistCannotTakeOrder.code:
    case ERROR_CODES.beyondServiceRadius.code:
      return { kind: 'provider', message: error.message };
    case ERROR_CODES.bookingTimeTaken.code:
    case ERROR_CODES.bookingTimeUnavailable.code:
      return { kind: 'time', message: error.message };
    default:
      return undefined;
  }
}

export function RefusalNotice({
  refusal,
  rebookHref,
}: {
  refusal: Refusal;
  /** Where "book another" leads (the therapist list for the project, or the store list). */
  rebookHref: string;
}) {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  return (
    <div className="booking-refusal" role="alert">
      <ExclamationCircleOutline className="booking-refusal__icon" aria-hidden="true" />
      <div className="booking-refusal__body">
        <p className="booking-refusal__message">{refusal.message}</p>
        {refusal.kind === 'time' ? <p className="booking__hint">{t('errors.timeTaken')}</p> : null}
        {refusal.kind === 'city' ? (
          <Button size="small" color="primary" onClick={() => navigate(paths.cityPicker.href())}>
            {t('errors.switchCity')}
          </Button>
        ) : null}
        {refusal.kind === 'provider' ? (
          <Button size="small" color="primary" onClick={() => navigate(rebookHref)}>
            {t('errors.bookAnother')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

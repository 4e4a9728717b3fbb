import type { TherapistCard } from '@sabai/shared/catalog/catalog.schemas';
import { useTranslation } from 'react-i18next';
import { useDisplay } from '../hooks/use-display';

/**
 * Available now (green) / bookable later with the earliest time / fully booked this week (bookable
 * later with no free start within the horizon) / resting (grey). The server derives the state from
 * working hours and live orders.
 */
export function TherapistStateTag({
  state,
  availableFrom,
  timeZone,
}: {
  state: TherapistCard['state'];
  availableFrom: string | null;
  timeZone?: string | undefined;
}) {
  const { t } = useTranslation('discovery');
  const display = useDisplay();
  if (state === 'bookable_later' && !availableFrom) {
    return <span className="state-tag state-tag--bookable_later">{t('therapist.state.fully_booked')}</span>;
  }
  const time = availableFrom ? display.upcoming(availableFrom, timeZone) : '';
  return <span className={`state-tag state-tag--${state}`}>{t(`therapist.state.${state}`, { time })}</span>;
}

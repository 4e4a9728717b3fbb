import type { TherapistCard } from '@sabai/shared/catalog/catalog.schemas';
import { useTranslation } from 'react-i18next';
import { useDisplay } from '../hooks/use-display';

/** Available now (green) / bookable later with the earliest time / resting (grey). */
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
  const time = availableFrom ? display.upcoming(availableFrom, timeZone) : '';
  return <span className={`state-tag state-tag--${state}`}>{t(`therapist.state.${state}`, { time })}</span>;
}

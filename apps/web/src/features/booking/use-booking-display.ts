import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../hooks/use-formatting';
import { formatCount } from '../../lib/format';
import './booking-strings';

/** The shared formatting (money in the user's currency) plus booking's minutes. */
export function useBookingDisplay() {
  const formatting = useFormatting();
  const { t } = useTranslation('booking');
  return {
    ...formatting,
    minutes: (value: number) => t('units.minutes', { value: formatCount(value, formatting.locale) }),
  };
}

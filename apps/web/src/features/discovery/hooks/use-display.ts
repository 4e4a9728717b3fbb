import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../../hooks/use-formatting';
import { formatCount } from '../../../lib/format';
import '../discovery-strings';

/**
 * The shared formatting (money, distance, dates) plus what only discovery words: minutes,
 * weekdays and spoken languages come from our strings, since some browsers have no Khmer Intl data.
 */
export function useDisplay() {
  const formatting = useFormatting();
  const { t, i18n } = useTranslation('discovery');
  return {
    ...formatting,
    minutes: (value: number) => t('units.minutes', { value: formatCount(value, formatting.locale) }),
    weekday: (day: number) => t(`weekdays.${day}`),
    spokenLanguage: (code: string) =>
      i18n.exists(`discovery:languages.${code}`) ? t(`languages.${code}`) : code,
  };
}

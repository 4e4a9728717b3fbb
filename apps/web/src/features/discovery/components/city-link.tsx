import { DownOutline, EnvironmentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCity } from '../../../hooks/use-current-city';
import '../discovery-strings';
import * as paths from '../../../lib/paths';

/** The Home header's city: its name, and the way to the city picker. */
export function CityLink() {
  const { t } = useTranslation('discovery');
  const { city } = useCurrentCity();
  return (
    <Link
      className="city-link"
      to={paths.cityPicker.href()}
      aria-label={`${t('city.current')}: ${city?.name ?? ''}`}
    >
      <EnvironmentOutline aria-hidden="true" />
      <span className="city-link__name">{city?.name ?? t('city.choose')}</span>
      <DownOutline aria-hidden="true" className="city-link__chevron" />
    </Link>
  );
}

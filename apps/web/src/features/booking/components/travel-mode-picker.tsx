import { TRAVEL_MODES, type TravelMode } from '@sabai/shared/booking/booking-settings';
import { useTranslation } from 'react-i18next';
import '../booking-strings';

/** Tuk-tuk, walking or fastest: how the provider travels, which sets the travel time and fee. */
export function TravelModePicker({
  value,
  onChange,
}: {
  value: TravelMode;
  onChange: (mode: TravelMode) => void;
}) {
  const { t } = useTranslation('booking');
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{t('travel.heading')}</legend>
      {TRAVEL_MODES.map((mode) => (
        <label
          key={mode}
          className={mode === value ? 'segmented__option segmented__option--active' : 'segmented__option'}
        >
          <input
            type="radio"
            name="travelMode"
            value={mode}
            checked={mode === value}
            onChange={() => onChange(mode)}
          />
          {t(`travel.${mode}`)}
        </label>
      ))}
    </fieldset>
  );
}

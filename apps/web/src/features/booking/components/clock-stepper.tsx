import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import '../booking-strings';

/** The booking body allows 1 to 10 sessions (createHomeVisitBodySchema / createInStoreBodySchema). */
export const MIN_CLOCKS = 1;
export const MAX_CLOCKS = 10;

/** Clamps a number from the address bar to what can be booked. */
export function clampClocks(raw: string | null | undefined): number {
  const value = Number(raw);
  if (!Number.isInteger(value)) return MIN_CLOCKS;
  return Math.min(MAX_CLOCKS, Math.max(MIN_CLOCKS, value));
}

/** How many sessions (units of the project's duration): − n +, never outside 1…10. */
export function ClockStepper({
  value,
  onChange,
  unitLabel,
  totalLabel,
  locale,
}: {
  value: number;
  onChange: (clocks: number) => void;
  /** "60 min" */
  unitLabel: string;
  /** "120 min" */
  totalLabel: string;
  locale: string;
}) {
  const { t } = useTranslation('booking');
  return (
    <div className="clock-stepper">
      <div className="clock-stepper__text">
        <span className="clock-stepper__label" id="booking-clocks-label">
          {t('project.clocks')}
        </span>
        <span className="booking__hint">
          {t('project.clocksHint', { minutes: unitLabel })} · {t('project.total', { minutes: totalLabel })}
        </span>
      </div>
      <fieldset className="clock-stepper__controls" aria-labelledby="booking-clocks-label">
        <button
          type="button"
          className="clock-stepper__button"
          aria-label={t('project.fewer')}
          disabled={value <= MIN_CLOCKS}
          onClick={() => onChange(Math.max(MIN_CLOCKS, value - 1))}
        >
          <MinusOutline aria-hidden="true" />
        </button>
        <output className="clock-stepper__value" aria-live="polite" aria-labelledby="booking-clocks-label">
          {new Intl.NumberFormat(locale).format(value)}
        </output>
        <button
          type="button"
          className="clock-stepper__button"
          aria-label={t('project.more')}
          disabled={value >= MAX_CLOCKS}
          onClick={() => onChange(Math.min(MAX_CLOCKS, value + 1))}
        >
          <AddOutline aria-hidden="true" />
        </button>
      </fieldset>
    </div>
  );
}

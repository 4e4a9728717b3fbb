import { isoWeekday } from '@sabai/shared/booking/zoned-time';
import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';
import { utcOffsetLabel } from '../../../lib/format-dates';
import type { FreeStart } from '../api/booking-api';
import '../booking-strings';

export interface SlotPickerProps {
  /** Local dates ('YYYY-MM-DD') in the city's time zone, today first. */
  days: readonly string[];
  day: string;
  onDayChange: (day: string) => void;
  /** Only what the server says is free; undefined while loading. */
  starts: readonly FreeStart[] | undefined;
  isLoading: boolean;
  loadError?: string;
  onRetry?: () => void;
  /** The chosen start (ISO instant), if any. */
  value: string | undefined;
  onChange: (startsAt: string) => void;
  /** The city's zone: the note under the tabs names the city and its offset ("Phnom Penh time (UTC+7)"). */
  timeZone?: string;
  /** The city's name in the reader's language, as the city list gives it; unknown: the offset alone. */
  cityName?: string | undefined;
  locale: string;
}

/**
 * Day tabs and the grid of free starts of the chosen day. Only the starts given are shown (never a
 * full grid with gaps greyed out): what is on screen can be booked, the server keeping the final
 * word when two customers race.
 */
export function SlotPicker(props: SlotPickerProps) {
  const { t } = useTranslation('booking');
  const { days, day, starts, value } = props;
  // The city by name and its offset, never the raw zone id (issue #31). Sabai's cities keep no
  // daylight saving time, so today's offset is the offset of every day on the tabs.
  const offset = props.timeZone ? utcOffsetLabel(props.timeZone) : undefined;
  const zoneNote = !offset
    ? ''
    : props.cityName
      ? t('time.zoneOfCity', { city: props.cityName, offset })
      : t('time.zoneOffset', { offset });
  const dayLabel = (date: string, index: number) => {
    if (index === 0) return t('time.today');
    if (index === 1) return t('time.tomorrow');
    return t('time.dayLabel', {
      weekday: t(`weekdays.${isoWeekday(date)}`),
      day: formatCount(Number(date.slice(8, 10)), props.locale),
    });
  };
  return (
    <div className="slot-picker">
      <div className="slot-picker__days" role="tablist" aria-label={t('time.dayTabs')}>
        {days.map((date, index) => (
          <button
            key={date}
            type="button"
            role="tab"
            aria-selected={date === day}
            data-date={date}
            className={date === day ? 'slot-picker__day slot-picker__day--active' : 'slot-picker__day'}
            onClick={() => props.onDayChange(date)}
          >
            {dayLabel(date, index)}
          </button>
        ))}
      </div>
      {zoneNote ? <p className="booking__hint">{zoneNote}</p> : null}
      <div role="tabpanel" aria-label={t('time.slotsLabel')}>
        {props.isLoading ? (
          <div className="booking__hint" role="status">
            <DotLoading /> {t('time.loading')}
          </div>
        ) : props.loadError ? (
          <div className="slot-picker__empty" role="alert">
            <p>{props.loadError}</p>
            {props.onRetry ? (
              <Button size="small" onClick={props.onRetry}>
                {t('time.retry')}
              </Button>
            ) : null}
          </div>
        ) : starts && starts.length === 0 ? (
          <div className="slot-picker__empty" role="status">
            <p className="slot-picker__empty-title">{t('time.empty')}</p>
            <p className="booking__hint">{t('time.emptyHint')}</p>
          </div>
        ) : (
          <ul className="slot-picker__grid">
            {starts?.map((start) => (
              <li key={start.startsAt}>
                <button
                  type="button"
                  aria-pressed={start.startsAt === value}
                  className={
                    start.startsAt === value
                      ? 'slot-picker__slot slot-picker__slot--active'
                      : 'slot-picker__slot'
                  }
                  onClick={() => props.onChange(start.startsAt)}
                >
                  {start.localTime}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

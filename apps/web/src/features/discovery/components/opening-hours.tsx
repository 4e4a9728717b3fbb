import type { StoreDetail } from '@sabai/shared/catalog/catalog.schemas';
import { useDisplay } from '../hooks/use-display';

/** Monday first, as people read a week; the hours are the store's own (city) time. */
const ORDER = [1, 2, 3, 4, 5, 6, 0];

export function OpeningHours({ hours }: { hours: StoreDetail['openingHours'] }) {
  const display = useDisplay();
  const byDay = new Map(hours.map((row) => [row.day, row]));
  return (
    <dl className="facts facts--hours">
      {ORDER.filter((day) => byDay.has(day)).map((day) => {
        const row = byDay.get(day);
        return (
          <div key={day} className="facts__row">
            <dt>{display.weekday(day)}</dt>
            <dd>{row ? `${row.opens}–${row.closes}` : ''}</dd>
          </div>
        );
      })}
    </dl>
  );
}

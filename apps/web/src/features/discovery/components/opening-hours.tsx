import type { StoreDetail } from '@sabai/shared/catalog/catalog.schemas';
import { useTranslation } from 'react-i18next';
import { useDisplay } from '../hooks/use-display';
import { weekHours } from './week-hours';

export function OpeningHours({ hours }: { hours: StoreDetail['openingHours'] }) {
  const { t } = useTranslation('discovery');
  const display = useDisplay();
  return (
    <dl className="facts facts--hours">
      {weekHours(hours).map(({ day, hours: text }) => (
        <div key={day} className={text ? 'facts__row' : 'facts__row facts__row--closed'}>
          <dt>{display.weekday(day)}</dt>
          <dd>{text ?? t('store.closed')}</dd>
        </div>
      ))}
    </dl>
  );
}

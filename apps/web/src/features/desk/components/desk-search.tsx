import '../desk-strings';
import { Button, Input, Segmented } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import * as paths from '../../../lib/paths';
import { type StaffSearch, useStaffOrderSearch } from '../api/desk-api';

type SearchBy = 'orderNumber' | 'phone';
const DEFAULT_AREA_CODE = '855';

/**
 * Find an order by its number or by a party's phone (customer or provider). The search runs on
 * submit, never per keystroke: each read is a staff lookup the server answers from the database.
 */
export function DeskSearch() {
  const { t } = useTranslation('desk');
  const { t: tOrders } = useTranslation('orders');
  const format = useFormatting();
  const [by, setBy] = useState<SearchBy>('orderNumber');
  const [orderNumber, setOrderNumber] = useState('');
  const [areaCode, setAreaCode] = useState(DEFAULT_AREA_CODE);
  const [phone, setPhone] = useState('');
  const [search, setSearch] = useState<StaffSearch | null>(null);
  const [isIncomplete, setIsIncomplete] = useState(false);
  const results = useStaffOrderSearch(search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: StaffSearch | null =
      by === 'orderNumber'
        ? orderNumber.trim()
          ? { orderNumber: orderNumber.trim() }
          : null
        : phone.trim()
          ? { areaCode: areaCode.trim() || DEFAULT_AREA_CODE, phone: phone.trim() }
          : null;
    setIsIncomplete(next === null);
    setSearch(next);
  };

  return (
    <section className="desk-section" aria-labelledby="desk-search-title">
      <h2 id="desk-search-title" className="desk-section__title">
        {t('search.title')}
      </h2>
      <form className="desk-search" onSubmit={submit}>
        <Segmented
          block
          value={by}
          onChange={(value) => setBy(value as SearchBy)}
          options={[
            { label: t('search.byNumber'), value: 'orderNumber' },
            { label: t('search.byPhone'), value: 'phone' },
          ]}
        />
        {by === 'orderNumber' ? (
          <div className="desk-field">
            <label htmlFor="desk-order-number">{t('search.orderNumber')}</label>
            <Input
              id="desk-order-number"
              value={orderNumber}
              onChange={setOrderNumber}
              maxLength={32}
              clearable
            />
          </div>
        ) : (
          <div className="desk-phone">
            <div className="desk-field desk-field--code">
              <label htmlFor="desk-area-code">{t('search.areaCode')}</label>
              <Input
                id="desk-area-code"
                value={areaCode}
                onChange={setAreaCode}
                maxLength={5}
                inputMode="numeric"
              />
            </div>
            <div className="desk-field">
              <label htmlFor="desk-phone">{t('search.phone')}</label>
              <Input
                id="desk-phone"
                value={phone}
                onChange={setPhone}
                maxLength={24}
                inputMode="tel"
                clearable
              />
            </div>
          </div>
        )}
        {isIncomplete ? (
          <p className="desk-error" role="alert">
            {t('search.incomplete')}
          </p>
        ) : null}
        <Button type="submit" color="primary" block loading={results.isFetching}>
          {t('search.submit')}
        </Button>
      </form>
      {search === null ? null : results.isPending ? (
        <CardSkeletons count={2} />
      ) : results.isError ? (
        <LoadError error={results.error} onRetry={() => results.refetch()} isRetrying={results.isFetching} />
      ) : results.data.length === 0 ? (
        <p className="desk-empty" role="status">
          {t('search.none')}
        </p>
      ) : (
        <ul className="desk-list" aria-label={t('search.results')}>
          {results.data.map((order) => (
            <li key={order.id}>
              <Link
                className="desk-card"
                to={paths.orderDetail.href(order.id)}
                aria-label={t('open', { number: order.orderNumber })}
              >
                <span className="desk-card__head">
                  <span className="desk-card__number">{order.orderNumber}</span>
                  <span className="desk-card__status">{tOrders(`status.${order.status}`)}</span>
                </span>
                <span className="desk-card__meta">
                  {[order.contactName, order.contactPhone].filter(Boolean).join(' · ')}
                </span>
                <time className="desk-card__meta" dateTime={order.startsAt}>
                  {format.dateTime(order.startsAt, order.labels?.timeZone)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { ERROR_CODES } from '@sabai/shared/error-codes';
import { Button, CapsuleTabs, List } from 'antd-mobile';
import { LeftOutline, PayCircleOutline, RightOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Refreshable } from '../../../components/ui/refreshable';
import { CardSkeletons, LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { useIncome } from '../api/wallet-api';
import { walletMoney } from '../money';
import '../wallet-strings';

type Period = 'day' | 'week' | 'month';
const PERIODS: Period[] = ['day', 'week', 'month'];

/** The workbench's income page: earnings and tips by day, week or month (city time), per order, and money owed. */
export function IncomeView({
  withdrawHref,
  orderHref,
}: {
  withdrawHref: string;
  orderHref: (id: number) => string;
}) {
  const { t } = useTranslation('wallet');
  const { locale, localDate: calendarDate } = useFormatting();
  const [period, setPeriod] = useState<Period>('day');
  const [offset, setOffset] = useState(0);
  const query = useIncome(period, offset, true);

  const periodTabs = (
    <CapsuleTabs
      activeKey={period}
      onChange={(key) => {
        setPeriod(key as Period);
        setOffset(0);
      }}
    >
      {PERIODS.map((key) => (
        <CapsuleTabs.Tab key={key} title={t(`income.periods.${key}`)} />
      ))}
    </CapsuleTabs>
  );

  let content: ReactNode;
  if (query.isPending) content = <CardSkeletons count={3} />;
  else if (query.isError)
    content =
      isApiError(query.error) && query.error.code === ERROR_CODES.forbidden.code ? (
        <EmptyState
          icon={<PayCircleOutline />}
          title={t('income.title')}
          description={t('income.providersOnly')}
        />
      ) : (
        <LoadError error={query.error} onRetry={() => query.refetch()} isRetrying={query.isFetching} />
      );
  else {
    const income = query.data;
    const money = (amount: number) => walletMoney(amount, income.currency, locale);
    const localDate = (day: string) => calendarDate(day);
    content = (
      <>
        <div className="income-range">
          <Button
            size="small"
            fill="none"
            aria-label={t('income.earlier')}
            onClick={() => setOffset(offset + 1)}
          >
            <LeftOutline />
          </Button>
          <span>
            {income.from === income.to
              ? localDate(income.from)
              : t('income.range', { from: localDate(income.from), to: localDate(income.to) })}
          </span>
          <Button
            size="small"
            fill="none"
            aria-label={t('income.later')}
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - 1))}
          >
            <RightOutline />
          </Button>
        </div>
        <section className="income-totals">
          <div>
            <p className="income-totals__value">{money(income.earnings)}</p>
            <p className="income-totals__label">{t('income.earnings')}</p>
          </div>
          <div>
            <p className="income-totals__value">{money(income.tips)}</p>
            <p className="income-totals__label">{t('income.tips')}</p>
          </div>
          <div>
            <p className="income-totals__value">{income.orderCount}</p>
            <p className="income-totals__label">{t('income.orders')}</p>
          </div>
        </section>
        <List header={t('income.available')}>
          <List.Item extra={money(income.available)}>{t('income.available')}</List.Item>
          <List.Item extra={money(income.inFlight)}>{t('income.inFlight')}</List.Item>
          <List.Item extra={money(income.owes)}>{t('income.owes')}</List.Item>
        </List>
        <div className="wallet-footer">
          <Link
            to={withdrawHref}
            className="adm-button adm-button-primary adm-button-block wallet-add-button"
          >
            {t('income.withdraw')}
          </Link>
        </div>
        {income.days.length > 1 ? (
          <List header={t('income.byDay')}>
            {income.days.map((day) => (
              <List.Item key={day.date} extra={money(day.earnings + day.tips)}>
                {localDate(day.date)}
              </List.Item>
            ))}
          </List>
        ) : null}
        <List header={t('income.byOrder')}>
          {income.orders.length === 0 ? (
            <List.Item>{t('income.noOrders')}</List.Item>
          ) : (
            income.orders.map((order) => (
              <List.Item
                key={order.orderId}
                extra={money(order.earnings + order.tips)}
                description={order.tips ? t('income.tipOf', { amount: money(order.tips) }) : undefined}
              >
                <Link to={orderHref(order.orderId)}>{t('income.orderRow', { id: order.orderId })}</Link>
              </List.Item>
            ))
          )}
        </List>
      </>
    );
  }

  return (
    <Refreshable onRefresh={() => query.refetch()}>
      <nav aria-label={t('income.periodLabel')}>{periodTabs}</nav>
      {content}
    </Refreshable>
  );
}

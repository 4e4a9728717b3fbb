import { CheckOutline, FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Page } from '../../../../components/ui/page';
import { PagedList } from '../../../../components/ui/paged-list';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { useOrderPages } from '../../../../features/orders/api/orders-api';
import { useFormatting } from '../../../../hooks/use-formatting';
import '../../../../features/reviews/reviews.css';
import '../../../../features/reviews/feedback-strings';
import * as paths from '../../../../lib/paths';
import { type FeedbackFormState, orderIdFrom } from './feedback-index-page';

/**
 * Spec my/feedback/selectOrder: one of my orders to link to the feedback (or none). Goes back to the
 * form with the choice in its query and the draft in the history state.
 */
export default function SelectOrderPage() {
  const { t } = useTranslation('feedback');
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const chosen = orderIdFrom(search.get('ordersId'));
  const format = useFormatting();
  const query = useOrderPages('all', isLoggedIn);
  const state = (location.state as FeedbackFormState | null) ?? {};
  const choose = (ordersId?: number) =>
    navigate(paths.feedbackForm.href(ordersId ? { ordersId } : {}), { replace: true, state });

  return (
    <Page title={t('select.title')} backTo={paths.feedbackForm.href(chosen ? { ordersId: chosen } : {})}>
      {!isLoggedIn ? (
        <LoginRequired />
      ) : (
        <div className="feedback-select">
          <button
            type="button"
            className="feedback-select__item"
            aria-pressed={chosen === undefined}
            onClick={() => choose()}
          >
            <span className="feedback-select__text">{t('select.none')}</span>
            {chosen === undefined ? (
              <CheckOutline className="feedback-select__check" aria-hidden="true" />
            ) : null}
          </button>
          <PagedList
            query={query}
            itemKey={(order) => order.id}
            renderItem={(order) => (
              <button
                type="button"
                className="feedback-select__item"
                aria-pressed={chosen === order.id}
                onClick={() => choose(order.id)}
              >
                <span className="feedback-select__text">
                  <span>{t('select.order', { number: order.orderNumber })}</span>
                  <span className="feedback-select__meta">
                    {t(`select.kind.${order.kind}`)} ·{' '}
                    {format.dateTime(order.startsAt, order.labels?.timeZone)}
                  </span>
                </span>
                {chosen === order.id ? (
                  <CheckOutline className="feedback-select__check" aria-hidden="true" />
                ) : null}
              </button>
            )}
            empty={<EmptyState icon={<FileOutline />} title={t('select.empty')} />}
          />
        </div>
      )}
    </Page>
  );
}

import { Button } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../../components/ui/page';
import '../../../../features/reviews/reviews.css';
import '../../../../features/reviews/reviews-strings';
import * as paths from '../../../../lib/paths';

/** Spec my/order/evaluationSuccess?ordersId=: the thank-you after a review. */
export default function EvaluationSuccessPage() {
  const { t } = useTranslation('reviews');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('ordersId'));
  const hasOrder = Number.isInteger(id) && id > 0;
  return (
    <Page title={t('success.title')} backTo={hasOrder ? paths.orderDetail.href(id) : paths.orders.href()}>
      <section className="care-success">
        <CheckCircleFill className="care-success__icon" aria-hidden="true" />
        <h2>{t('success.heading')}</h2>
        <p>{t('success.description')}</p>
        <div className="care-success__actions">
          {hasOrder ? (
            <Button block color="primary" onClick={() => navigate(paths.orderDetail.href(id))}>
              {t('success.viewOrder')}
            </Button>
          ) : null}
          <Button block onClick={() => navigate(paths.home.href())}>
            {t('success.home')}
          </Button>
        </div>
      </section>
    </Page>
  );
}

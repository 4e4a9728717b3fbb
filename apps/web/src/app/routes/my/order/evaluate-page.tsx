import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../../components/ui/state-views';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { useOrder } from '../../../../features/orders/api/orders-api';
import { useMyReview, useSaveReview } from '../../../../features/reviews/api/reviews-api';
import { ReviewForm } from '../../../../features/reviews/components/review-form';
import '../../../../features/reviews/reviews.css';
import '../../../../features/reviews/reviews-strings';
import { useFormatting } from '../../../../hooks/use-formatting';
import * as paths from '../../../../lib/paths';

const orderIdOf = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** Spec my/order/evaluate?ordersId=: review a finished order, or change the review within 48 hours. */
export default function EvaluatePage() {
  const { t } = useTranslation('reviews');
  const isLoggedIn = useIsLoggedIn();
  const [search] = useSearchParams();
  const id = orderIdOf(search.get('ordersId'));
  const order = useOrder(isLoggedIn ? id : undefined);
  const review = useMyReview(isLoggedIn ? id : undefined);
  const existing = review.data ?? null;
  let content: React.ReactNode;
  if (!isLoggedIn) content = <LoginRequired />;
  else if (id === undefined) content = <NotFoundBlock />;
  else if (order.isPending || review.isPending) content = <CardSkeletons count={3} />;
  else if (order.isError || review.isError) {
    const error = order.error ?? review.error;
    content = <LoadError error={error} onRetry={() => Promise.all([order.refetch(), review.refetch()])} />;
  } else
    content = (
      <EvaluateBody
        orderId={id}
        orderNumber={order.data.orderNumber}
        canIncludeTherapist={order.data.kind === 'inStore' && order.data.therapistId !== null}
        existing={existing}
        timeZone={order.data.labels?.timeZone}
      />
    );
  return (
    <Page
      title={existing ? t('evaluate.editTitle') : t('evaluate.title')}
      backTo={id === undefined ? paths.orders.href() : paths.orderDetail.href(id)}
    >
      {content}
    </Page>
  );
}

function EvaluateBody({
  orderId,
  orderNumber,
  canIncludeTherapist,
  existing,
  timeZone,
}: {
  orderId: number;
  orderNumber: string;
  canIncludeTherapist: boolean;
  existing: ReturnType<typeof useMyReview>['data'] | null;
  /** The order's city's zone: the review's deadline is on the order's clock. */
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('reviews');
  const format = useFormatting();
  const navigate = useNavigate();
  const save = useSaveReview(orderId);
  const isClosed =
    existing !== null && existing !== undefined && Date.parse(existing.editableUntil) < Date.now();
  return (
    <>
      <p className="care-order">{t('evaluate.order', { number: orderNumber })}</p>
      {existing ? (
        <p className="care-note">
          {isClosed
            ? t('evaluate.closed')
            : t('evaluate.editableUntil', { time: format.dateTime(existing.editableUntil, timeZone) })}
        </p>
      ) : null}
      {existing?.reply ? (
        <section className="care-reply" aria-label={t('evaluate.reply')}>
          <strong>{t('evaluate.reply')}</strong>
          <p>{existing.reply}</p>
        </section>
      ) : null}
      {isClosed ? null : (
        <ReviewForm
          initial={existing ?? null}
          canIncludeTherapist={canIncludeTherapist}
          isSubmitting={save.isPending}
          error={save.error}
          onSubmit={(values) =>
            save.mutate(
              { body: { ...values }, isEdit: Boolean(existing) },
              { onSuccess: () => navigate(paths.evaluationSuccess.href(orderId), { replace: true }) },
            )
          }
        />
      )}
    </>
  );
}

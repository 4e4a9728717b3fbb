import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../../components/ui/feedback';
import { Page } from '../../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../../components/ui/state-views';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { useOrder } from '../../../../features/orders/api/orders-api';
import { useSendFeedback } from '../../../../features/reviews/api/feedback-api';
import {
  EMPTY_FEEDBACK_DRAFT,
  FeedbackForm,
  FeedbackOrderChoice,
} from '../../../../features/reviews/components/feedback-form';
import '../../../../features/reviews/reviews.css';
import '../../../../features/reviews/reviews-strings';
import '../../../../features/reviews/feedback-strings';
import * as paths from '../../../../lib/paths';

/**
 * Spec my/order/feedback and my/order/instoreFeedback (`ordersId`): the feedback form with this order
 * linked; the in-store page starts on "Store visit", the home visit's on "Order problem".
 */
export default function OrderFeedbackPage() {
  const { t } = useTranslation('feedback');
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isInStore = pathname === paths.instoreFeedback.path;
  const [search] = useSearchParams();
  const value = Number(search.get('ordersId'));
  const id = Number.isInteger(value) && value > 0 ? value : undefined;
  const order = useOrder(isLoggedIn ? id : undefined);
  const send = useSendFeedback();
  let content: React.ReactNode;
  if (!isLoggedIn) content = <LoginRequired />;
  else if (id === undefined) content = <NotFoundBlock />;
  else if (order.isPending) content = <CardSkeletons count={3} />;
  else if (order.isError) content = <LoadError error={order.error} onRetry={() => order.refetch()} />;
  else
    content = (
      <FeedbackForm
        initial={{ ...EMPTY_FEEDBACK_DRAFT, type: isInStore ? 'storeVisit' : 'orderProblem' }}
        order={<FeedbackOrderChoice orderNumber={order.data.orderNumber} />}
        isSubmitting={send.isPending}
        error={send.error}
        onSubmit={(values) =>
          send.mutate(
            { ...values, orderId: id },
            {
              onSuccess: (created) => {
                showToast(t('form.done'));
                navigate(paths.feedbackDetails.href(created.id), { replace: true });
              },
            },
          )
        }
      />
    );
  return (
    <Page
      title={t(isInStore ? 'form.instoreTitle' : 'form.orderTitle')}
      backTo={id === undefined ? paths.orders.href() : paths.orderDetail.href(id)}
    >
      {content}
    </Page>
  );
}

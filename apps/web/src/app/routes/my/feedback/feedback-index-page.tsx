import { Button } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../../components/ui/feedback';
import { Page } from '../../../../components/ui/page';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { useOrder } from '../../../../features/orders/api/orders-api';
import { useSendFeedback } from '../../../../features/reviews/api/feedback-api';
import {
  EMPTY_FEEDBACK_DRAFT,
  type FeedbackDraft,
  FeedbackForm,
  FeedbackOrderChoice,
} from '../../../../features/reviews/components/feedback-form';
import '../../../../features/reviews/reviews.css';
import '../../../../features/reviews/reviews-strings';
import '../../../../features/reviews/feedback-strings';
import * as paths from '../../../../lib/paths';

/** The draft travels to my/feedback/selectOrder and back in the history state, so nothing typed is lost. */
export interface FeedbackFormState {
  draft?: FeedbackDraft;
}

export const orderIdFrom = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** Spec my/feedback/index: the feedback form; `ordersId` links one of my orders (from selectOrder). */
export default function FeedbackIndexPage() {
  const { t } = useTranslation('feedback');
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const orderId = orderIdFrom(search.get('ordersId'));
  const order = useOrder(isLoggedIn ? orderId : undefined);
  const send = useSendFeedback();
  const draft = useRef<FeedbackDraft>(
    (location.state as FeedbackFormState | null)?.draft ?? EMPTY_FEEDBACK_DRAFT,
  );
  const orderNumber = orderId === undefined ? null : (order.data?.orderNumber ?? `#${orderId}`);

  return (
    <Page title={t('form.title')} backTo={paths.my.href()}>
      {!isLoggedIn ? (
        <LoginRequired />
      ) : (
        <>
          <FeedbackForm
            initial={draft.current}
            onChange={(next) => {
              draft.current = next;
            }}
            order={
              <FeedbackOrderChoice
                orderNumber={orderNumber}
                onChoose={() =>
                  navigate(paths.feedbackSelectOrder.href(orderId ? { ordersId: orderId } : {}), {
                    state: { draft: draft.current } satisfies FeedbackFormState,
                  })
                }
                onRemove={() =>
                  navigate(paths.feedbackForm.href(), {
                    replace: true,
                    state: { draft: draft.current } satisfies FeedbackFormState,
                  })
                }
              />
            }
            isSubmitting={send.isPending}
            error={send.error}
            onSubmit={(values) =>
              send.mutate(
                { ...values, orderId: orderId ?? null },
                {
                  onSuccess: (created) => {
                    showToast(t('form.done'));
                    navigate(paths.feedbackDetails.href(created.id), { replace: true });
                  },
                },
              )
            }
          />
          <div className="feedback-list-actions">
            <Button block fill="none" onClick={() => navigate(paths.feedbackList.href())}>
              {t('form.myFeedback')}
            </Button>
          </div>
        </>
      )}
    </Page>
  );
}

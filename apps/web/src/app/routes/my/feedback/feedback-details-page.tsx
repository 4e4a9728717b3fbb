import { ERROR_CODES } from '@sabai/shared/error-codes';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../../components/ui/state-views';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import { feedbackKeys, useFeedback, useReplyToFeedback } from '../../../../features/reviews/api/feedback-api';
import { FeedbackReplyBox } from '../../../../features/reviews/components/feedback-reply-box';
import { FeedbackThread } from '../../../../features/reviews/components/feedback-thread';
import '../../../../features/reviews/reviews.css';
import '../../../../features/reviews/feedback-strings';
import { isApiError } from '../../../../lib/api-client';
import * as paths from '../../../../lib/paths';
import { myUserTopic, useLiveQueries } from '../../../../lib/realtime/use-realtime-topic';
import { orderIdFrom } from './feedback-index-page';

const LIVE_KEYS = [feedbackKeys.all];

/** Spec my/feedback/details?id=: my feedback, the conversation with customer service, my reply. */
export default function FeedbackDetailsPage() {
  const { t } = useTranslation('feedback');
  const isLoggedIn = useIsLoggedIn();
  const [search] = useSearchParams();
  const id = orderIdFrom(search.get('id'));
  const feedback = useFeedback(isLoggedIn ? id : undefined);
  const reply = useReplyToFeedback(id ?? 0);
  useLiveQueries(isLoggedIn && id !== undefined ? myUserTopic() : null, LIVE_KEYS);
  let content: React.ReactNode;
  if (!isLoggedIn) content = <LoginRequired />;
  else if (id === undefined) content = <NotFoundBlock />;
  else if (feedback.isPending) content = <CardSkeletons count={2} />;
  else if (feedback.isError)
    content =
      isApiError(feedback.error) && feedback.error.code === ERROR_CODES.notFound.code ? (
        <NotFoundBlock />
      ) : (
        <LoadError error={feedback.error} onRetry={() => feedback.refetch()} />
      );
  else
    content = (
      <>
        <FeedbackThread feedback={feedback.data} reader="customer" />
        {feedback.data.status === 'closed' ? (
          <p className="feedback-closed">{t('details.closed')}</p>
        ) : (
          <FeedbackReplyBox
            label={t('details.replyLabel')}
            placeholder={t('details.replyPlaceholder')}
            submitLabel={t('details.send')}
            doneMessage={t('details.replySent')}
            isSending={reply.isPending}
            error={reply.error}
            onSend={(text, done) => reply.mutate(text, { onSuccess: done })}
          />
        )}
      </>
    );
  return (
    <Page title={t('details.title')} backTo={paths.feedbackList.href()}>
      {content}
    </Page>
  );
}

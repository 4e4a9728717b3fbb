import { ERROR_CODES } from '@sabai/shared/error-codes';
import { FEEDBACK_NEXT_STATUSES, type FeedbackStatus } from '@sabai/shared/feedback/feedback-rules';
import { Button } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { confirm, showToast } from '../../../components/ui/feedback';
import { Page } from '../../../components/ui/page';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../components/ui/state-views';
import { isStaffUser } from '../../../features/desk/staff';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { readStoredUser, useIsLoggedIn } from '../../../features/identity/session';
import {
  type FeedbackDetail,
  useStaffFeedbackAction,
  useStaffFeedbackDetail,
} from '../../../features/reviews/api/feedback-api';
import { FeedbackReplyBox } from '../../../features/reviews/components/feedback-reply-box';
import { FeedbackThread } from '../../../features/reviews/components/feedback-thread';
import '../../../features/reviews/reviews.css';
import '../../../features/reviews/feedback-strings';
import { isApiError } from '../../../lib/api-client';
import * as paths from '../../../lib/paths';

/** One feedback on the desk (/desk/feedback/details?id=): the thread, a reply, the next statuses. */
export default function DeskFeedbackDetailsPage() {
  const { t } = useTranslation('feedback');
  const isLoggedIn = useIsLoggedIn();
  const isStaff = isLoggedIn && isStaffUser(readStoredUser()?.roles);
  const [search] = useSearchParams();
  const value = Number(search.get('id'));
  const id = Number.isInteger(value) && value > 0 ? value : undefined;
  const feedback = useStaffFeedbackDetail(isStaff ? id : undefined);
  let content: React.ReactNode;
  if (!isLoggedIn) content = <LoginRequired />;
  else if (!isStaff)
    content = (
      <EmptyState
        icon={<LockOutline />}
        title={t('desk.staffOnly')}
        description={t('desk.staffOnlyDescription')}
      />
    );
  else if (id === undefined) content = <NotFoundBlock />;
  else if (feedback.isPending) content = <CardSkeletons count={2} />;
  else if (feedback.isError)
    content =
      isApiError(feedback.error) && feedback.error.code === ERROR_CODES.notFound.code ? (
        <NotFoundBlock />
      ) : (
        <LoadError error={feedback.error} onRetry={() => feedback.refetch()} />
      );
  else content = <DeskFeedback feedback={feedback.data} />;
  return (
    <Page title={t('desk.detailsTitle', { id: id ?? '' })} backTo={paths.deskFeedback.href()}>
      {content}
    </Page>
  );
}

function DeskFeedback({ feedback }: { feedback: FeedbackDetail }) {
  const { t } = useTranslation('feedback');
  const actions = useStaffFeedbackAction(feedback.id);
  const next = FEEDBACK_NEXT_STATUSES[feedback.status];
  const move = async (status: FeedbackStatus) => {
    const isSure = await confirm(t(`desk.confirm.${status}`), t(`desk.move.${status}`), t('desk.back'));
    if (!isSure) return;
    actions.move.mutate(status, { onSuccess: () => showToast(t('desk.statusChanged')) });
  };
  return (
    <>
      <FeedbackThread feedback={feedback} reader="staff" />
      {feedback.status === 'closed' ? null : (
        <FeedbackReplyBox
          label={t('desk.replyLabel')}
          submitLabel={t('desk.sendReply')}
          doneMessage={t('desk.replySent')}
          isSending={actions.reply.isPending}
          error={actions.reply.error}
          onSend={(text, done) => actions.reply.mutate(text, { onSuccess: done })}
        />
      )}
      {next.length ? (
        <section className="feedback-actions" aria-label={t('desk.moveTo')}>
          <span className="care-form__label">{t('desk.moveTo')}</span>
          {actions.move.error ? (
            <p className="care-form__error" role="alert">
              {isApiError(actions.move.error) ? actions.move.error.message : String(actions.move.error)}
            </p>
          ) : null}
          <div className="feedback-actions__buttons">
            {next.map((status) => (
              <Button
                key={status}
                color={status === 'closed' ? 'default' : 'primary'}
                fill={status === 'handled' ? 'solid' : 'outline'}
                loading={actions.move.isPending && actions.move.variables === status}
                onClick={() => move(status)}
              >
                {t(`desk.move.${status}`)}
              </Button>
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}

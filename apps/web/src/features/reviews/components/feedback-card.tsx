import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatting } from '../../../hooks/use-formatting';
import { VIEWER_ZONE } from '../../../lib/format-dates';
import type { FeedbackSummary } from '../api/feedback-api';

export const FEEDBACK_TONE = {
  pending: 'warning',
  processing: 'primary',
  handled: 'success',
  closed: 'default',
} as const;

/** One feedback in a list: type, status, the start of the description; the whole card opens it. */
export function FeedbackCard({ feedback, to }: { feedback: FeedbackSummary; to: string }) {
  const { t } = useTranslation('feedback');
  const format = useFormatting();
  return (
    <article className="complaint-card feedback-card" aria-labelledby={`feedback-${feedback.id}`}>
      <header className="complaint-card__head">
        <h2 id={`feedback-${feedback.id}`}>
          <Link className="stretched-action" to={to}>
            {t(`types.${feedback.type}`)}
          </Link>
        </h2>
        <Tag color={FEEDBACK_TONE[feedback.status]} fill="outline">
          {t(`status.${feedback.status}`)}
        </Tag>
      </header>
      <p className="feedback-card__description">{feedback.description}</p>
      <p className="complaint-card__meta">
        {feedback.orderNumber ? `${t('details.order', { number: feedback.orderNumber })} · ` : ''}
        {format.dateTime(feedback.createdAt, VIEWER_ZONE)} ·{' '}
        {feedback.replyCount > 0 ? t('list.replies', { count: feedback.replyCount }) : t('list.noReplies')}
      </p>
    </article>
  );
}

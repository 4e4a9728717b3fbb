import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatting } from '../../../hooks/use-formatting';
import { VIEWER_ZONE } from '../../../lib/format-dates';
import * as paths from '../../../lib/paths';
import type { FeedbackDetail } from '../api/feedback-api';
import { FEEDBACK_TONE } from './feedback-card';

/**
 * A feedback as sent and its conversation, oldest reply first. `reader` words the authors: the
 * customer reads "You", customer service reads "Customer".
 */
export function FeedbackThread({
  feedback,
  reader,
}: {
  feedback: FeedbackDetail;
  reader: 'customer' | 'staff';
}) {
  const { t } = useTranslation('feedback');
  const format = useFormatting();
  const authorName = (author: 'customer' | 'staff') =>
    author === 'staff'
      ? t('details.staff')
      : reader === 'customer'
        ? t('details.you')
        : t('details.customer');
  return (
    <div className="feedback-thread">
      <section className="complaint-card" aria-labelledby="feedback-heading">
        <header className="complaint-card__head">
          <h2 id="feedback-heading">{t(`types.${feedback.type}`)}</h2>
          <Tag color={FEEDBACK_TONE[feedback.status]} fill="outline">
            {t(`status.${feedback.status}`)}
          </Tag>
        </header>
        <p className="complaint-card__meta">
          {t('details.sent', { time: format.dateTime(feedback.createdAt, VIEWER_ZONE) })}
          {feedback.orderId !== null && feedback.orderNumber ? (
            <>
              {' · '}
              <Link to={paths.orderDetail.href(feedback.orderId)}>
                {t('details.order', { number: feedback.orderNumber })}
              </Link>
            </>
          ) : null}
        </p>
        <p className="complaint-card__content">{feedback.description}</p>
        {feedback.contact ? (
          <p className="complaint-card__meta">{t('details.contact', { contact: feedback.contact })}</p>
        ) : null}
        {feedback.images.length ? (
          <ul className="complaint-card__images">
            {feedback.images.map((image) => (
              <li key={image.key}>
                <a href={image.url} target="_blank" rel="noreferrer">
                  <img src={image.url} alt="" loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section className="feedback-replies" aria-labelledby="feedback-thread-heading">
        <h2 id="feedback-thread-heading" className="feedback-replies__title">
          {t('details.thread')}
        </h2>
        {feedback.replies.length === 0 ? (
          <p className="complaint-card__waiting">{t('details.noReplies')}</p>
        ) : (
          <ol className="feedback-replies__list">
            {feedback.replies.map((reply) => (
              <li
                key={reply.id}
                className={`feedback-reply feedback-reply--${reply.author === reader ? 'mine' : 'theirs'}`}
              >
                <p className="feedback-reply__author">
                  {authorName(reply.author)} · {format.dateTime(reply.createdAt, VIEWER_ZONE)}
                </p>
                <p className="feedback-reply__text">{reply.text}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

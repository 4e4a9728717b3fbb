import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatting } from '../../../hooks/use-formatting';
import { VIEWER_ZONE } from '../../../lib/format-dates';
import * as paths from '../../../lib/paths';
import type { Complaint } from '../api/reviews-api';

const TONE = { pending: 'warning', handled: 'success', rejected: 'danger' } as const;

/** One complaint in tousuList: status, what was sent, and customer service's reply once there is one. */
export function ComplaintCard({ complaint }: { complaint: Complaint }) {
  const { t } = useTranslation('reviews');
  const format = useFormatting();
  return (
    <article className="complaint-card" aria-labelledby={`complaint-${complaint.id}`}>
      <header className="complaint-card__head">
        <h2 id={`complaint-${complaint.id}`}>{complaint.title}</h2>
        <Tag color={TONE[complaint.status]} fill="outline">
          {t(`status.${complaint.status}`)}
        </Tag>
      </header>
      <p className="complaint-card__meta">
        <Link to={paths.orderDetail.href(complaint.orderId)}>
          {t('list.order', { number: complaint.orderNumber })}
        </Link>
        {' · '}
        {t(`types.${complaint.type}`)} · {format.dateTime(complaint.createdAt, VIEWER_ZONE)}
      </p>
      <p className="complaint-card__content">{complaint.content}</p>
      <ul className="complaint-card__images">
        {complaint.images.map((image) => (
          <li key={image.key}>
            <img src={image.url} alt="" loading="lazy" />
          </li>
        ))}
      </ul>
      {complaint.reply ? (
        <section className="complaint-card__reply" aria-label={t('list.reply')}>
          <h3>{t('list.reply')}</h3>
          <p>{complaint.reply}</p>
        </section>
      ) : (
        <p className="complaint-card__waiting">{t('list.noReply')}</p>
      )}
    </article>
  );
}

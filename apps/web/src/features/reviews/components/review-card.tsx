import type { PublicReview } from '@sabai/shared/reviews/reviews.schemas';
import { Rate } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatting } from '../../../hooks/use-formatting';
import { VIEWER_ZONE } from '../../../lib/format-dates';

/** One review as the therapist (workbench) and customer service (desk) read it. */
export function ReviewCard({
  review,
  about,
  children,
}: {
  review: PublicReview;
  /** Who or what it is about (the desk names the therapist or store). */
  about?: string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation('reviews');
  const format = useFormatting();
  const headingId = `review-${review.id}`;
  return (
    <article className="complaint-card" aria-labelledby={headingId}>
      <header className="complaint-card__head">
        <h2 id={headingId}>{review.authorName}</h2>
        <Rate
          readOnly
          value={review.rating}
          className="review-card__stars"
          aria-label={t('manage.rating', { rating: review.rating })}
        />
      </header>
      <p className="complaint-card__meta">
        {about ? `${about} · ` : ''}
        {format.dateTime(review.createdAt, VIEWER_ZONE)}
      </p>
      {review.tags.length ? (
        <p className="complaint-card__meta">
          {review.tags.map((tag) => t(`tags.${tag}`, { defaultValue: '' })).join(' · ')}
        </p>
      ) : null}
      {review.text ? <p className="complaint-card__content">{review.text}</p> : null}
      {review.photos.length ? (
        <ul className="complaint-card__images">
          {review.photos.map((url, index) => (
            <li key={url}>
              <img src={url} alt={t('evaluate.photoAlt', { n: index + 1 })} loading="lazy" />
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <section className="complaint-card__reply" aria-label={t('evaluate.reply')}>
          <h3>{t('evaluate.reply')}</h3>
          <p>{review.reply}</p>
        </section>
      ) : null}
      {children}
    </article>
  );
}

import type { TherapistCard as Therapist } from '@sabai/shared/catalog/catalog.schemas';
import { CheckShieldFill, StarFill } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as paths from '../../../lib/paths';
import { useDisplay } from '../hooks/use-display';
import { cardImageLoading } from './card-image-loading';
import { TherapistStateTag } from './therapist-state-tag';

/**
 * One therapist in a list: photo, name, state, rating, languages, distance and starting price.
 * `index` is its place in the list (the first screen's photos load eagerly). Memoised: a list's
 * synchronous update (a query's answer, the city list) redraws the list, not every card in it
 * (issue #17, decision 098).
 */
export const TherapistCard = memo(function TherapistCard({
  therapist,
  timeZone,
  index,
}: {
  therapist: Therapist;
  timeZone?: string;
  index?: number;
}) {
  const { t } = useTranslation('discovery');
  const display = useDisplay();
  const languages = therapist.languages.map(display.spokenLanguage).join(' · ');
  return (
    <Link className="therapist-card" to={paths.therapistDetail.href(therapist.id)}>
      <img
        className="therapist-card__avatar"
        src={therapist.avatar}
        alt=""
        {...cardImageLoading(index)}
        width={72}
        height={72}
      />
      <div className="therapist-card__body">
        <div className="therapist-card__top">
          <span className="therapist-card__name">{therapist.name}</span>
          {therapist.badges.length > 0 ? (
            <CheckShieldFill
              className="therapist-card__verified"
              aria-label={t(`therapist.badges.${therapist.badges[0] ?? 'real_name'}`)}
            />
          ) : null}
          <TherapistStateTag
            state={therapist.state}
            availableFrom={therapist.availableFrom}
            timeZone={timeZone}
          />
        </div>
        <div className="therapist-card__meta">
          <span className="rating">
            <StarFill aria-hidden="true" /> {display.rating(therapist.rating)}
          </span>
          <span>{t('therapist.orders', { count: therapist.orderCount })}</span>
          {therapist.distanceKm !== null ? <span>{display.distance(therapist.distanceKm)}</span> : null}
        </div>
        <div className="therapist-card__languages">{languages}</div>
        <div className="therapist-card__bottom">
          <span className="therapist-card__skills">
            {therapist.skills.map((skill) => skill.name).join(' · ')}
          </span>
          <span className="price">{t('therapist.from', { price: display.price(therapist.price) })}</span>
        </div>
      </div>
    </Link>
  );
});

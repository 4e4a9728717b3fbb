import type { ProjectCard as Project } from '@sabai/shared/catalog/catalog.schemas';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as paths from '../../../lib/paths';
import { useDisplay } from '../hooks/use-display';

/**
 * A service project: cover, name, duration, price and member price. Memoised, like the therapist's
 * card: a list's update redraws the list, not every card (decision 098).
 */
export const ProjectCard = memo(function ProjectCard({
  project,
  variant = 'row',
  href,
}: {
  project: Project;
  variant?: 'row' | 'tile';
  /** Where the card leads, when not the plain project page (a therapist's page adds the therapist). */
  href?: string;
}) {
  const { t } = useTranslation('discovery');
  const display = useDisplay();
  return (
    <Link className={`project-card project-card--${variant}`} to={href ?? paths.project.href(project.id)}>
      <img className="project-card__cover" src={project.cover} alt="" loading="lazy" />
      <div className="project-card__body">
        <span className="project-card__name">{project.name}</span>
        {variant === 'row' ? <span className="project-card__summary">{project.summary}</span> : null}
        <span className="project-card__meta">
          <ClockCircleOutline aria-hidden="true" /> {display.minutes(project.durationMinutes)}
        </span>
        <span className="project-card__prices">
          <span className="price">{display.price(project.price)}</span>
          <span className="member-price">
            {t('project.memberPrice')} {display.price(project.memberPrice)}
          </span>
        </span>
      </div>
    </Link>
  );
});

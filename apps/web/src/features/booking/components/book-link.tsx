import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../booking-strings';
import './book-link.css';

/** A project card with its "Book" action beside it (a therapist's or a store's page). */
export function BookableProject({
  card,
  to,
  projectName,
}: {
  card: ReactNode;
  to: string;
  projectName: string;
}) {
  const { t } = useTranslation('booking');
  return (
    <div className="bookable-project">
      {card}
      <Link
        className="bookable-project__book adm-button adm-button-primary adm-button-small adm-button-shape-rounded"
        to={to}
        aria-label={t('bookProject', { name: projectName })}
      >
        {t('book')}
      </Link>
    </div>
  );
}

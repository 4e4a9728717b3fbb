import type { Person, SavedItem } from '@sabai/shared/catalog/catalog.schemas';
import { CloseCircleOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useDisplay } from '../hooks/use-display';
import { ProjectCard } from './project-card';
import { StoreCard } from './store-card';
import { TherapistCard } from './therapist-card';

/**
 * A favourite or a footprint: the card of whatever it points at, or — when that is gone (a
 * removed service, a closed store) — a row saying so instead of an empty one.
 */
export function SavedItemCard({ item }: { item: SavedItem }) {
  const { t } = useTranslation('discovery');
  const display = useDisplay();
  if (item.project) return <ProjectCard project={item.project} />;
  if (item.therapist) return <TherapistCard therapist={item.therapist} />;
  if (item.store) return <StoreCard store={item.store} />;
  return (
    <div className="saved-gone">
      <CloseCircleOutline className="saved-gone__icon" aria-hidden="true" />
      <span className="saved-gone__text">
        <span className="saved-gone__kind">{t(`engagement.goneKind.${item.kind}`)}</span>
        <span className="saved-gone__note">{t('engagement.gone')}</span>
      </span>
      <time className="person-row__meta" dateTime={item.at}>
        {display.ago(item.at)}
      </time>
    </div>
  );
}

/** A fan or a visitor: name, picture, when, how often. */
export function PersonRow({ person, showVisits = false }: { person: Person; showVisits?: boolean }) {
  const { t } = useTranslation('discovery');
  const display = useDisplay();
  return (
    <div className="person-row">
      {person.avatar ? (
        <img className="person-row__avatar" src={person.avatar} alt="" width={44} height={44} />
      ) : (
        <span className="person-row__avatar person-row__avatar--empty" aria-hidden="true">
          <UserOutline />
        </span>
      )}
      <span className="person-row__name">{person.nickname}</span>
      <span className="person-row__meta">
        {showVisits ? `${t('engagement.visits', { count: person.visitCount })} · ` : ''}
        <time dateTime={person.at}>{display.ago(person.at)}</time>
      </span>
    </div>
  );
}

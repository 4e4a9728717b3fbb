import { ClockCircleOutline, EyeOutline, HeartOutline, TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './discovery-strings';
import './discovery.css';
import * as paths from '../../lib/paths';

const ENTRIES = [
  { to: paths.favourites.href(), key: 'favourites', icon: <HeartOutline aria-hidden="true" /> },
  { to: paths.follows.href(), key: 'follows', icon: <TeamOutline aria-hidden="true" /> },
  { to: paths.visitors.href(), key: 'visitors', icon: <EyeOutline aria-hidden="true" /> },
  { to: paths.footprints.href(), key: 'footprints', icon: <ClockCircleOutline aria-hidden="true" /> },
] as const;

/**
 * The Me page's grid (spec my/gird/*): favourites, follows and fans, visitors, footprints. Visitors
 * are the people who viewed one's public profile: offered only to those who have one (therapists).
 */
export default function MyLists({ hasPublicProfile }: { hasPublicProfile: boolean }) {
  const { t } = useTranslation('discovery');
  const entries = ENTRIES.filter((entry) => entry.key !== 'visitors' || hasPublicProfile);
  return (
    <nav className="my-lists" aria-label={t('engagement.myLists')}>
      {entries.map((entry) => (
        <Link key={entry.key} className="my-lists__item" to={entry.to}>
          {entry.icon}
          <span>{t(`engagement.short.${entry.key}`)}</span>
        </Link>
      ))}
    </nav>
  );
}

import { Button, Skeleton } from 'antd-mobile';
import { StarFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMembershipConfig } from '../api/membership-config';

/**
 * The VIP membership entry on Home. It is an extra: while loading it holds its place quietly, and
 * when the server cannot be reached it says so in one line with a retry instead of breaking Home.
 */
export default function VipEntryCardView() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const { data, isPending, isError, refetch, isFetching } = useMembershipConfig();

  if (isPending) {
    // The sweep on the compositor (decision 101), not antd-mobile's repainted `animated`.
    return <Skeleton className="vip-card__skeleton shimmer" />;
  }
  if (isError) {
    return (
      <div className="vip-card vip-card--error" role="status">
        <span>{t('vip.error')}</span>
        <Button size="mini" fill="outline" loading={isFetching} onClick={() => void refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  }
  if (!data.isOpen) return null;

  const open = () => {
    if (/^https?:\/\//.test(data.link)) window.open(data.link, '_blank', 'noopener');
    else if (data.link) navigate(data.link);
  };

  return (
    <button type="button" className="vip-card" onClick={open} disabled={!data.link}>
      <StarFill className="vip-card__icon" aria-hidden="true" />
      <span className="vip-card__text">
        <span className="vip-card__title">{t('vip.title')}</span>
        <span className="vip-card__description">{t('vip.description')}</span>
      </span>
      <span className="vip-card__action">{t('vip.action')}</span>
    </button>
  );
}

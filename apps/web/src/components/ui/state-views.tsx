import { ERROR_CODES } from '@sabai/shared/error-codes';
import { Button, Skeleton } from 'antd-mobile';
import { EnvironmentOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { EmptyState } from './empty-state';
import './state-views.css';
import './ui-strings';
import * as paths from '../../lib/paths';

/** The server refused the chosen city: it is not open (yet). */
export const isCityNotOpen = (error: unknown): boolean =>
  isApiError(error) && error.kind === 'business' && error.code === ERROR_CODES.cityNotOpen.code;

/** Spec: "city not open, switch city" — the server's message and the way to the city picker. */
export function CityNotOpen({ message }: { message?: string }) {
  const { t } = useTranslation('ui');
  const navigate = useNavigate();
  return (
    <EmptyState
      icon={<EnvironmentOutline />}
      title={message || t('city.notOpen')}
      action={
        <Button color="primary" onClick={() => navigate(paths.cityPicker.href())}>
          {t('city.choose')}
        </Button>
      }
    />
  );
}

/**
 * A failed load: what happened (the server's localised message when it sent one) and a retry;
 * a city that is not open offers the city picker instead, wherever it happens.
 */
export function LoadError({
  error,
  onRetry,
  isRetrying = false,
}: {
  error: unknown;
  onRetry: () => unknown;
  isRetrying?: boolean;
}) {
  const { t } = useTranslation('ui');
  if (isCityNotOpen(error)) return <CityNotOpen message={isApiError(error) ? error.message : undefined} />;
  const message = isApiError(error) ? error.message : t('states.loadFailed');
  return (
    <EmptyState
      icon={<ExclamationCircleOutline />}
      title={t('states.loadFailed')}
      description={message === t('states.loadFailed') ? undefined : message}
      action={
        <Button color="primary" fill="outline" loading={isRetrying} onClick={() => void onRetry()}>
          {t('common:actions.retry')}
        </Button>
      }
    />
  );
}

/** Placeholder rows shaped like the cards they stand for. */
export function CardSkeletons({ count = 4, variant = 'row' }: { count?: number; variant?: 'row' | 'tile' }) {
  const { t } = useTranslation('common');
  return (
    // One sweep over the whole list, on the compositor (`.shimmer`, decision 101), rather than
    // antd-mobile's `animated`, which repaints every block each frame on the main thread.
    <div className={`card-skeletons card-skeletons--${variant} shimmer`} role="status" aria-busy="true">
      <span className="visually-hidden">{t('states.loading')}</span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
        <div key={index} className="card-skeleton">
          <Skeleton className="card-skeleton__media" />
          <div className="card-skeleton__lines">
            <Skeleton.Title />
            <Skeleton.Paragraph lineCount={2} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A detail page opened with a missing or malformed id. */
export function NotFoundBlock() {
  const { t } = useTranslation('ui');
  return <EmptyState icon={<ExclamationCircleOutline />} title={t('states.notFound')} />;
}

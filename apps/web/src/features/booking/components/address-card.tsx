import type { Address } from '@sabai/shared/booking/booking.schemas';
import { DotLoading } from 'antd-mobile';
import { EnvironmentOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as paths from '../../../lib/paths';
import '../booking-strings';

/**
 * The service address of the booking: the chosen one (or the default), with the way to the address
 * chooser, which comes back here with `addressId`. No address yet: the way to add one.
 */
export function AddressCard({
  address,
  isLoading,
  returnTo,
}: {
  address: Address | undefined;
  isLoading: boolean;
  /** This page's URL with the choices so far, for the chooser to come back to. */
  returnTo: string;
}) {
  const { t } = useTranslation('booking');
  const chooser = paths.selectAddress.href({ returnTo });
  if (isLoading) {
    return (
      <div className="booking__hint" role="status">
        <DotLoading /> {t('address.loading')}
      </div>
    );
  }
  if (!address) {
    return (
      <Link className="address-card address-card--empty" to={chooser}>
        <EnvironmentOutline className="address-card__icon" aria-hidden="true" />
        <span className="address-card__body">
          <span className="address-card__title">{t('address.none')}</span>
          <span className="address-card__action">{t('address.add')}</span>
        </span>
        <RightOutline aria-hidden="true" />
      </Link>
    );
  }
  return (
    <Link className="address-card" to={chooser} aria-label={`${t('address.change')}: ${address.detail}`}>
      <EnvironmentOutline className="address-card__icon" aria-hidden="true" />
      <span className="address-card__body">
        <span className="address-card__title">
          {address.detail}
          {address.houseNumber ? ` · ${address.houseNumber}` : ''}
        </span>
        <span className="booking__hint">
          {address.contactName} · {address.phoneE164}
        </span>
        <span className="address-card__action">{t('address.change')}</span>
      </span>
      <RightOutline aria-hidden="true" />
    </Link>
  );
}

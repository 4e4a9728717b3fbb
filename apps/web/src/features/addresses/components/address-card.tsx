import { Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from '../api/addresses-api';

/** What a card says about an address: who to meet, how to call, what kind of place, where exactly. */
export function AddressSummary({ address }: { address: Address }) {
  const { t } = useTranslation('addresses');
  const title = t(`genderTitles.${address.genderTitle}`, { defaultValue: '' });
  return (
    <>
      <p className="address-card__who">
        <span className="address-card__name">
          {title ? `${title} ${address.contactName}` : address.contactName}
        </span>
        <span className="address-card__phone">{address.phoneE164}</span>
        {address.isDefault ? (
          <Tag color="primary" fill="solid" className="address-card__default">
            {t('list.default')}
          </Tag>
        ) : null}
      </p>
      <p className="address-card__where">
        <Tag color="default" fill="outline" className="address-card__type">
          {t(`placeTypes.${address.placeType}`)}
        </Tag>
        <span>{address.detail}</span>
      </p>
      {address.houseNumber ? (
        <p className="address-card__house">{t('list.houseNumber', { number: address.houseNumber })}</p>
      ) : null}
    </>
  );
}

/** One address in a list; `actions` (edit, default, delete) under it, or the whole card as a choice. */
export function AddressCard({ address, actions }: { address: Address; actions?: ReactNode }) {
  const { t } = useTranslation('addresses');
  return (
    <article
      className="address-card"
      aria-label={t('list.cardLabel', { name: address.contactName, detail: address.detail })}
    >
      <AddressSummary address={address} />
      {actions ? <div className="address-card__actions">{actions}</div> : null}
    </article>
  );
}

import { Input, List, Popup, SearchBar } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../hooks/use-identity';
import { loadPhoneRules } from '../validation';

export const DEFAULT_AREA_CODE = '855';

/**
 * The form's `areaCode` and `phone` fields: a country picker (from /app/Login/countryCode,
 * searchable) and the number as the user types it.
 */
export function PhoneField({ label }: { label?: string }) {
  const { t } = useTranslation('identity');
  const areaCode = useController({ name: 'areaCode' }).field;
  const phone = useController({ name: 'phone' }).field;
  const countries = useCountries();
  const [isPickerOpen, setPickerOpen] = useState(false);
  const [search, setSearch] = useState('');
  // Warm the number rules while the user types, so the first check is instant.
  useEffect(() => {
    void loadPhoneRules();
  }, []);

  const matches = useMemo(() => {
    const needle = search.trim().toLowerCase().replace(/^\+/, '');
    const list = countries.data ?? [];
    if (!needle) return list;
    return list.filter((country) =>
      `${country.name} ${country.iso2} ${country.areaCode}`.toLowerCase().includes(needle),
    );
  }, [countries.data, search]);

  return (
    <div className="phone-field">
      <button
        type="button"
        className="phone-field__country"
        onClick={() => setPickerOpen(true)}
        aria-label={t('phone.chooseCountry')}
      >
        +{areaCode.value}
        <DownOutline aria-hidden="true" />
      </button>
      <Input
        ref={phone.ref}
        className="phone-field__input"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        aria-label={label ?? t('phone.label')}
        placeholder={label ?? t('phone.placeholder')}
        value={phone.value ?? ''}
        onChange={phone.onChange}
        onBlur={phone.onBlur}
        clearable
      />
      <Popup
        visible={isPickerOpen}
        onMaskClick={() => setPickerOpen(false)}
        onClose={() => setPickerOpen(false)}
        bodyStyle={{ height: '70vh', display: 'flex', flexDirection: 'column' }}
        aria-label={t('phone.chooseCountry')}
      >
        <div className="country-picker__search">
          <SearchBar placeholder={t('phone.searchCountry')} value={search} onChange={setSearch} />
        </div>
        <List className="country-picker__list">
          {matches.map((country) => (
            <List.Item
              key={country.iso2}
              extra={`+${country.areaCode}`}
              onClick={() => {
                areaCode.onChange(country.areaCode);
                setPickerOpen(false);
                setSearch('');
              }}
            >
              {country.name}
            </List.Item>
          ))}
        </List>
      </Popup>
    </div>
  );
}

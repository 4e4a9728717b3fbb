import { LANG_HEADER, LANGUAGE_NATIVE_NAMES, LANGUAGES, type Language } from '@sabai/shared/i18n';
import { CURRENCIES, type Currency, DISTANCE_UNITS, type DistanceUnit } from '@sabai/shared/settings';
import { List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { showToast } from '../../../components/ui/feedback';
import { currencyName } from '../../../lib/format';
import { usePreferences } from '../hooks/use-preferences';
import { type Choice, ChoicePopup } from './choice-popup';

type OpenPicker = 'language' | 'currency' | 'distanceUnit' | null;

export function PreferencesList() {
  const { t, i18n } = useTranslation('settings');
  const preferences = usePreferences();
  // The Me page's "Language" entry opens Settings with the language picker already open.
  const location = useLocation();
  const [openPicker, setOpenPicker] = useState<OpenPicker>(
    () => (location.state as { openPicker?: OpenPicker } | null)?.openPicker ?? null,
  );
  const locale = LANG_HEADER[preferences.language];

  const languageChoices: Choice<Language>[] = LANGUAGES.map((language) => ({
    value: language,
    label: LANGUAGE_NATIVE_NAMES[language],
    lang: language,
  }));
  const currencyChoices: Choice<Currency>[] = CURRENCIES.map((currency) => {
    // The name in the language (Intl, with FormatJS data where the browser lacks it); never "USD (USD)".
    const name = currencyName(currency, locale);
    return { value: currency, label: name === currency ? currency : `${name} (${currency})` };
  });
  const unitChoices: Choice<DistanceUnit>[] = DISTANCE_UNITS.map((unit) => ({
    value: unit,
    label: t(`units.${unit}`),
  }));

  const close = () => setOpenPicker(null);
  const confirmSaved = () => showToast(i18n.t('settings:saved'));

  return (
    <>
      <List header={t('preferences')} className="preferences-list">
        <List.Item
          arrowIcon
          extra={<span lang={preferences.language}>{LANGUAGE_NATIVE_NAMES[preferences.language]}</span>}
        >
          <button
            type="button"
            className="stretched-action"
            aria-haspopup="dialog"
            onClick={() => setOpenPicker('language')}
          >
            {t('language')}
          </button>
        </List.Item>
        <List.Item arrowIcon extra={preferences.currency}>
          <button
            type="button"
            className="stretched-action"
            aria-haspopup="dialog"
            onClick={() => setOpenPicker('currency')}
          >
            {t('currency')}
          </button>
        </List.Item>
        <List.Item arrowIcon extra={t(`units.${preferences.distanceUnit}`)}>
          <button
            type="button"
            className="stretched-action"
            aria-haspopup="dialog"
            onClick={() => setOpenPicker('distanceUnit')}
          >
            {t('distanceUnit')}
          </button>
        </List.Item>
      </List>
      <p className="preferences-hint">{t('hint')}</p>

      <ChoicePopup
        isOpen={openPicker === 'language'}
        title={t('chooseLanguage')}
        value={preferences.language}
        choices={languageChoices}
        onClose={close}
        onSelect={(language) => {
          close();
          preferences
            .setLanguage(language)
            .then(confirmSaved, () => showToast(i18n.t('common:errors.network')));
        }}
      />
      <ChoicePopup
        isOpen={openPicker === 'currency'}
        title={t('chooseCurrency')}
        value={preferences.currency}
        choices={currencyChoices}
        onClose={close}
        onSelect={(currency) => {
          close();
          preferences.setCurrency(currency);
          confirmSaved();
        }}
      />
      <ChoicePopup
        isOpen={openPicker === 'distanceUnit'}
        title={t('chooseDistanceUnit')}
        value={preferences.distanceUnit}
        choices={unitChoices}
        onClose={close}
        onSelect={(unit) => {
          close();
          preferences.setDistanceUnit(unit);
          confirmSaved();
        }}
      />
    </>
  );
}

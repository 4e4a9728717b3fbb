import { Button, TextArea } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { Form, SubmitButton, useZodForm } from '../../../components/form/form';
import { TextField } from '../../../components/form/text-field';
import { useFormatting } from '../../../hooks/use-formatting';
import * as paths from '../../../lib/paths';
import { saveDraft } from '../address-draft';
import {
  type AddressFormInput,
  addressForm,
  GENDER_TITLES,
  needsHouseNumber,
  PLACE_TYPES,
} from '../address-form-schema';
import type { Address } from '../api/addresses-api';
import { useSaveAddress } from '../api/save-address';
import { ChoiceField, FieldError, FieldRow } from './field-parts';
import { PhotoField } from './photo-field';

interface AddressFormProps {
  /** The address being edited; none when adding. */
  id?: number;
  initial: AddressFormInput;
  /** The phone number field (identity's, with its country picker), bound to `areaCode` and `phone`. */
  phoneField: ReactNode;
  onSaved: (address: Address) => void;
}

/** Add or edit an address (spec my/address/Endaddress); the shared rules are checked before sending. */
export function AddressForm({ id, initial, phoneField, onSaved }: AddressFormProps) {
  const { t } = useTranslation('addresses');
  const form = useZodForm(addressForm, initial);
  const { save, progress } = useSaveAddress();

  return (
    <Form
      form={form}
      className="address-form"
      onSubmit={async (values) => {
        const saved = await save(id, values);
        onSaved(saved);
      }}
    >
      <FieldRow name="contactName" label={t('fields.contactName')}>
        <TextField name="contactName" label={t('fields.contactName')} autoComplete="name" maxLength={64} />
      </FieldRow>
      <ChoiceField
        name="genderTitle"
        legend={t('fields.genderTitle')}
        options={GENDER_TITLES.map((value) => ({ value, label: t(`genderTitles.${value}`) }))}
      />
      <FieldRow name="phone" label={t('fields.phone')}>
        {phoneField}
      </FieldRow>
      <ChoiceField
        name="placeType"
        legend={t('fields.placeType')}
        options={PLACE_TYPES.map((value) => ({ value, label: t(`placeTypes.${value}`) }))}
      />
      <FieldRow name="detail" label={t('fields.detail')} controlId="address-detail">
        <TextAreaField
          name="detail"
          label={t('fields.detail')}
          placeholder={t('fields.detailPlaceholder')}
          maxLength={300}
        />
      </FieldRow>
      <HouseNumberRow />
      <FieldRow name="arrivalNotes" label={t('fields.arrivalNotes')} controlId="address-arrivalNotes">
        <TextAreaField
          name="arrivalNotes"
          label={t('fields.arrivalNotes')}
          placeholder={t('fields.arrivalNotesPlaceholder')}
          maxLength={500}
        />
      </FieldRow>
      <PointRow id={id} />
      <PhotoField progress={progress} />
      <div className="address-form__row">
        <CheckboxField name="isDefault" className="address-form__default">
          {t('fields.isDefault')}
        </CheckboxField>
      </div>
      <SubmitButton className="address-form__submit">{t('form.save')}</SubmitButton>
    </Form>
  );
}

function TextAreaField({
  name,
  label,
  placeholder,
  maxLength,
}: {
  name: string;
  label: string;
  placeholder: string;
  maxLength: number;
}) {
  const { field } = useController({ name });
  return (
    <TextArea
      ref={field.ref}
      id={`address-${name}`}
      aria-label={label}
      placeholder={placeholder}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      maxLength={maxLength}
      autoSize={{ minRows: 2, maxRows: 5 }}
    />
  );
}

/** House number: required for villas and apartments (the shared rule), so the label says so. */
function HouseNumberRow() {
  const { t } = useTranslation('addresses');
  const placeType = useWatch({ name: 'placeType' });
  const isRequired = needsHouseNumber(placeType);
  const label = isRequired ? t('fields.houseNumberRequired') : t('fields.houseNumber');
  return (
    <FieldRow name="houseNumber" label={label} hint={isRequired ? undefined : t('fields.houseNumberHint')}>
      <TextField
        name="houseNumber"
        label={label}
        placeholder={t('fields.houseNumberPlaceholder')}
        maxLength={40}
      />
    </FieldRow>
  );
}

/** The point on the map: chosen on the full-screen map page; the form's state waits in the draft. */
function PointRow({ id }: { id?: number }) {
  const { t } = useTranslation('addresses');
  const navigate = useNavigate();
  const { locale } = useFormatting();
  const { getValues } = useFormContext<AddressFormInput>();
  const lat = useWatch({ name: 'lat' }) as number | undefined;
  const lng = useWatch({ name: 'lng' }) as number | undefined;
  const coordinate = (value: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 5 }).format(value);
  const hasPoint = typeof lat === 'number' && typeof lng === 'number';
  return (
    <div className="address-form__row address-point">
      <span className="address-form__label">{t('fields.point')}</span>
      <div className="address-point__body">
        <EnvironmentOutline
          aria-hidden="true"
          className={hasPoint ? 'address-point__icon is-set' : 'address-point__icon'}
        />
        <span className="address-point__text">
          {hasPoint
            ? t('point.chosen', {
                lat: coordinate(lat),
                lng: coordinate(lng),
              })
            : t('point.none')}
        </span>
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={() => {
            saveDraft(id, getValues());
            navigate(paths.addressMap.href(id));
          }}
        >
          {hasPoint ? t('point.change') : t('point.choose')}
        </Button>
      </div>
      <FieldError name="lat" />
    </div>
  );
}

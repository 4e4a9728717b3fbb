import {
  FEEDBACK_TYPES,
  type FeedbackType,
  MAX_FEEDBACK_CONTACT,
  MAX_FEEDBACK_DESCRIPTION,
  MAX_FEEDBACK_IMAGES,
} from '@sabai/shared/feedback/feedback-rules';
import { Button, type ImageUploadItem, Input, Selector, TextArea } from 'antd-mobile';
import { CloseOutline, RightOutline } from 'antd-mobile-icons';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { ImagePicker, keysOf } from './image-picker';

/** What the form holds; kept by the page while the customer picks an order (my/feedback/selectOrder). */
export interface FeedbackDraft {
  type: FeedbackType | null;
  description: string;
  contact: string;
  images: ImageUploadItem[];
}

export const EMPTY_FEEDBACK_DRAFT: FeedbackDraft = { type: null, description: '', contact: '', images: [] };

export interface FeedbackFormValues {
  type: FeedbackType;
  description: string;
  contact: string;
  imageKeys: string[];
}

/**
 * The feedback form (spec my/feedback/index and the order pages' feedback / instoreFeedback): type
 * and description required; contact, a linked order and up to four images optional.
 */
export function FeedbackForm({
  initial,
  order,
  isSubmitting,
  error,
  onChange,
  onSubmit,
}: {
  initial: FeedbackDraft;
  /** The linked order's row: chosen, removable or fixed by the page. */
  order: ReactNode;
  isSubmitting: boolean;
  error: unknown;
  onChange?: (draft: FeedbackDraft) => void;
  onSubmit: (values: FeedbackFormValues) => void;
}) {
  const { t } = useTranslation('feedback');
  const [draft, setDraft] = useState<FeedbackDraft>(initial);
  const [isChecked, setChecked] = useState(false);
  const typeId = useId();
  const descriptionId = useId();
  const contactId = useId();
  const update = (change: Partial<FeedbackDraft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    onChange?.(next);
  };
  const problems = {
    type: draft.type === null ? t('form.typeNeeded') : null,
    description: draft.description.trim() === '' ? t('form.descriptionNeeded') : null,
  };
  const shown = (key: keyof typeof problems) =>
    isChecked && problems[key] ? (
      <p className="care-form__error" role="alert">
        {problems[key]}
      </p>
    ) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (draft.type === null || problems.description) return;
    onSubmit({
      type: draft.type,
      description: draft.description.trim(),
      contact: draft.contact.trim(),
      imageKeys: keysOf(draft.images),
    });
  };

  return (
    <form className="care-form" onSubmit={submit} noValidate>
      <p className="care-form__hint">{t('form.intro')}</p>
      <div className="care-form__row">
        <span className="care-form__label" id={typeId}>
          {t('form.typeLabel')}
        </span>
        <Selector
          aria-labelledby={typeId}
          value={draft.type ? [draft.type] : []}
          onChange={(next) => update({ type: (next[0] as FeedbackType | undefined) ?? null })}
          options={FEEDBACK_TYPES.map((value) => ({ label: t(`types.${value}`), value }))}
        />
        {shown('type')}
      </div>
      <div className="care-form__row">
        <label className="care-form__label" htmlFor={descriptionId}>
          {t('form.descriptionLabel')}
        </label>
        <TextArea
          id={descriptionId}
          value={draft.description}
          onChange={(description) => update({ description })}
          placeholder={t('form.descriptionPlaceholder')}
          maxLength={MAX_FEEDBACK_DESCRIPTION}
          showCount
          rows={4}
        />
        {shown('description')}
      </div>
      <div className="care-form__row">
        <span className="care-form__label">{t('form.orderLabel')}</span>
        {order}
      </div>
      <div className="care-form__row">
        <label className="care-form__label" htmlFor={contactId}>
          {t('form.contactLabel')}
        </label>
        <Input
          id={contactId}
          value={draft.contact}
          onChange={(contact) => update({ contact })}
          placeholder={t('form.contactPlaceholder')}
          maxLength={MAX_FEEDBACK_CONTACT}
          autoComplete="tel"
        />
      </div>
      <ImagePicker
        label={t('form.imagesLabel', { count: MAX_FEEDBACK_IMAGES })}
        value={draft.images}
        onChange={(images) => update({ images })}
        maxCount={MAX_FEEDBACK_IMAGES}
      />
      {error ? (
        <p className="care-form__error" role="alert">
          {isApiError(error) ? error.message : String(error)}
        </p>
      ) : null}
      <Button block color="primary" type="submit" loading={isSubmitting}>
        {t('form.submit')}
      </Button>
    </form>
  );
}

/** The linked order's row on the form: choose one, or show the chosen one with a way to remove it. */
export function FeedbackOrderChoice({
  orderNumber,
  onChoose,
  onRemove,
}: {
  orderNumber: string | null;
  onChoose?: () => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('feedback');
  return (
    <div className="feedback-order">
      {onChoose ? (
        <button type="button" className="feedback-order__choose" onClick={onChoose}>
          <span>{orderNumber ? t('form.orderChosen', { number: orderNumber }) : t('form.orderChoose')}</span>
          <RightOutline aria-hidden="true" />
        </button>
      ) : (
        <span className="feedback-order__fixed">
          {orderNumber ? t('form.orderChosen', { number: orderNumber }) : t('form.orderNone')}
        </span>
      )}
      {orderNumber && onRemove ? (
        <button
          type="button"
          className="feedback-order__remove"
          onClick={onRemove}
          aria-label={t('form.orderRemove')}
        >
          <CloseOutline aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}

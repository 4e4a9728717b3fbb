import {
  COMPLAINT_TYPES,
  type ComplaintType,
  MAX_COMPLAINT_CONTENT,
  MAX_COMPLAINT_IMAGES,
  MAX_COMPLAINT_TITLE,
} from '@sabai/shared/reviews/review-rules';
import { Button, type ImageUploadItem, Input, Selector, TextArea } from 'antd-mobile';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { ImagePicker, keysOf } from './image-picker';

export interface ComplaintFormValues {
  type: ComplaintType;
  title: string;
  content: string;
  imageKeys: string[];
}

/** The complain form: type, title, content and at least one image are required (spec). */
export function ComplaintForm({
  isSubmitting,
  error,
  onSubmit,
}: {
  isSubmitting: boolean;
  error: unknown;
  onSubmit: (values: ComplaintFormValues) => void;
}) {
  const { t } = useTranslation('reviews');
  const [type, setType] = useState<ComplaintType | null>(null);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [isChecked, setChecked] = useState(false);
  const typeId = useId();
  const imagesHintId = useId();
  const titleId = useId();
  const contentId = useId();
  const problems = {
    type: type === null ? t('complain.typeNeeded') : null,
    title: title.trim() === '' ? t('complain.titleNeeded') : null,
    content: content.trim() === '' ? t('complain.contentNeeded') : null,
    images: keysOf(images).length === 0 ? t('complain.imagesNeeded') : null,
  };
  const shown = (key: keyof typeof problems) =>
    isChecked && problems[key] ? (
      <p className="care-form__error" role="alert" id={key === 'images' ? imagesHintId : undefined}>
        {problems[key]}
      </p>
    ) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.values(problems).some(Boolean) || type === null) return;
    onSubmit({ type, title: title.trim(), content: content.trim(), imageKeys: keysOf(images) });
  };

  return (
    <form className="care-form" onSubmit={submit} noValidate>
      <div className="care-form__row">
        <span className="care-form__label" id={typeId}>
          {t('complain.typeLabel')}
        </span>
        <Selector
          aria-labelledby={typeId}
          value={type ? [type] : []}
          onChange={(next) => setType((next[0] as ComplaintType | undefined) ?? null)}
          options={COMPLAINT_TYPES.map((value) => ({ label: t(`types.${value}`), value }))}
        />
        {shown('type')}
      </div>
      <div className="care-form__row">
        <label className="care-form__label" htmlFor={titleId}>
          {t('complain.titleLabel')}
        </label>
        <Input
          id={titleId}
          value={title}
          onChange={setTitle}
          placeholder={t('complain.titlePlaceholder')}
          maxLength={MAX_COMPLAINT_TITLE}
        />
        {shown('title')}
      </div>
      <div className="care-form__row">
        <label className="care-form__label" htmlFor={contentId}>
          {t('complain.contentLabel')}
        </label>
        <TextArea
          id={contentId}
          value={content}
          onChange={setContent}
          placeholder={t('complain.contentPlaceholder')}
          maxLength={MAX_COMPLAINT_CONTENT}
          showCount
          rows={4}
        />
        {shown('content')}
      </div>
      <ImagePicker
        label={t('complain.imagesLabel')}
        value={images}
        onChange={setImages}
        maxCount={MAX_COMPLAINT_IMAGES}
        describedBy={imagesHintId}
      />
      {shown('images')}
      {error ? (
        <p className="care-form__error" role="alert">
          {isApiError(error) ? error.message : String(error)}
        </p>
      ) : null}
      <Button block color="primary" type="submit" loading={isSubmitting}>
        {t('complain.submit')}
      </Button>
    </form>
  );
}

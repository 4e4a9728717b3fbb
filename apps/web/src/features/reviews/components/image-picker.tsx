import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';
import { uploadCareImage } from '../api/reviews-api';

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif';

/**
 * Photos uploaded as soon as they are picked (the server checks, re-encodes and strips them); the
 * form keeps the keys it answers. A file that is not an image is refused with the server's message.
 */
export function ImagePicker({
  label,
  value,
  onChange,
  maxCount,
  describedBy,
}: {
  label: string;
  value: ImageUploadItem[];
  onChange: (items: ImageUploadItem[]) => void;
  maxCount: number;
  describedBy?: string;
}) {
  const { t } = useTranslation('reviews');
  return (
    <fieldset className="care-form__row" aria-describedby={describedBy}>
      <legend className="care-form__label">{label}</legend>
      <ImageUploader
        value={value}
        onChange={onChange}
        accept={ACCEPTED}
        maxCount={maxCount}
        multiple
        onCountExceed={() => showToast(label)}
        upload={async (file) => {
          try {
            const uploaded = await uploadCareImage(file);
            return { key: uploaded.key, url: uploaded.url };
          } catch (error) {
            showToast(isApiError(error) ? error.message : t('evaluate.uploading'));
            throw error;
          }
        }}
      />
    </fieldset>
  );
}

/** The keys of the uploaded items, in order. */
export const keysOf = (items: ImageUploadItem[]) =>
  items.flatMap((item) => (typeof item.key === 'string' ? [item.key] : []));

import { ProgressBar } from 'antd-mobile';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { useEffect, useId, useRef } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/feedback';
import { MAX_ADDRESS_PHOTOS, type PhotoItem } from '../address-form-schema';
import { FieldError } from './field-parts';

let nextPhotoId = 0;
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif';

/**
 * Up to five photos of the door or the way in. Picked photos are kept here and uploaded when the
 * address is saved (`progress` shows each one going up); beyond the fifth, a pick is refused.
 */
export function PhotoField({ progress }: { progress: Record<string, number> }) {
  const { t } = useTranslation('addresses');
  const { field } = useController({ name: 'photos' });
  const photos = (field.value ?? []) as PhotoItem[];
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const isFull = photos.length >= MAX_ADDRESS_PHOTOS;

  // Preview URLs of photos that left the form are released.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const current = new Set(photos.flatMap((photo) => (photo.kind === 'new' ? [photo.previewUrl] : [])));
    for (const url of previews.current) if (!current.has(url)) URL.revokeObjectURL(url);
    previews.current = current;
  }, [photos]);

  const add = (files: FileList | null) => {
    if (!files?.length) return;
    const room = MAX_ADDRESS_PHOTOS - photos.length;
    const picked = [...files].slice(0, Math.max(0, room)).map((file): PhotoItem => {
      nextPhotoId += 1;
      return { kind: 'new', id: `new-${nextPhotoId}`, file, previewUrl: URL.createObjectURL(file) };
    });
    if (files.length > room) showToast(t('photos.limit', { limit: MAX_ADDRESS_PHOTOS }));
    if (picked.length) field.onChange([...photos, ...picked]);
  };

  return (
    <fieldset className="address-form__row address-photos" aria-describedby={hintId}>
      <legend className="address-form__label">
        {t('photos.label', { count: photos.length, limit: MAX_ADDRESS_PHOTOS })}
      </legend>
      <p className="address-form__hint" id={hintId}>
        {t('photos.hint', { limit: MAX_ADDRESS_PHOTOS })}
      </p>
      <ul className="address-photos__grid">
        {photos.map((photo, index) => {
          const share = progress[photo.id];
          return (
            <li key={photo.id} className="address-photos__item">
              <img
                src={photo.kind === 'new' ? photo.previewUrl : photo.url}
                alt={t('photos.alt', { n: index + 1 })}
              />
              {share !== undefined ? (
                <div className="address-photos__progress">
                  <ProgressBar
                    percent={Math.round(share * 100)}
                    aria-label={t('photos.uploading', { n: index + 1 })}
                  />
                </div>
              ) : (
                <button
                  type="button"
                  className="address-photos__remove"
                  aria-label={t('photos.remove', { n: index + 1 })}
                  onClick={() => field.onChange(photos.filter((item) => item.id !== photo.id))}
                >
                  <CloseOutline aria-hidden="true" />
                </button>
              )}
            </li>
          );
        })}
        <li className="address-photos__item address-photos__item--add">
          <button
            type="button"
            className={isFull ? 'address-photos__add is-full' : 'address-photos__add'}
            onClick={() => {
              // The sixth is refused before the picker opens.
              if (isFull) showToast(t('photos.limit', { limit: MAX_ADDRESS_PHOTOS }));
              else input.current?.click();
            }}
          >
            <AddOutline aria-hidden="true" />
            <span>{t('photos.add')}</span>
          </button>
          <input
            ref={input}
            className="visually-hidden"
            tabIndex={-1}
            aria-label={t('photos.add')}
            type="file"
            accept={ACCEPTED}
            multiple
            onChange={(event) => {
              if (isFull) showToast(t('photos.limit', { limit: MAX_ADDRESS_PHOTOS }));
              else add(event.target.files);
              event.target.value = '';
            }}
          />
        </li>
      </ul>
      <FieldError name="photos" />
    </fieldset>
  );
}

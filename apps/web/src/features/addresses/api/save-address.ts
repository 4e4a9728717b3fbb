import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { AddressFormValues } from '../address-form-schema';
import {
  type Address,
  addressKeys,
  createAddress,
  removeAddressPhoto,
  updateAddress,
  uploadAddressPhoto,
} from './addresses-api';

/**
 * Saving the form: the address itself, then the photos taken off, then the new ones one by one
 * (their upload progress in `progress`, by photo id). A photo that fails stops the save with the
 * server's message; what was saved so far is remembered, so trying again neither adds the address
 * a second time nor uploads a photo twice.
 */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Record<string, number>>({});
  const lastSaved = useRef<Address | undefined>(undefined);
  const uploaded = useRef(new Map<string, string>());

  const save = useCallback(
    async (id: number | undefined, values: AddressFormValues) => {
      const { photos, ...body } = values;
      const targetId = lastSaved.current?.id ?? id;
      let saved = targetId === undefined ? await createAddress(body) : await updateAddress(targetId, body);
      lastSaved.current = saved;
      try {
        // The photos to keep: those still in the form, saved before or uploaded by an earlier try.
        const keptKeys = new Set(
          photos.map((photo) => (photo.kind === 'saved' ? photo.key : uploaded.current.get(photo.id))),
        );
        for (const photo of [...saved.photos]) {
          if (!keptKeys.has(photo.key)) saved = await removeAddressPhoto(saved.id, photo.key);
        }
        for (const photo of photos) {
          if (photo.kind !== 'new' || uploaded.current.has(photo.id)) continue;
          setProgress((current) => ({ ...current, [photo.id]: 0 }));
          const known = new Set(saved.photos.map((item) => item.key));
          saved = await uploadAddressPhoto(saved.id, photo.file, (share) =>
            setProgress((current) => ({ ...current, [photo.id]: share })),
          );
          const added = saved.photos.find((item) => !known.has(item.key));
          if (added) uploaded.current.set(photo.id, added.key);
          lastSaved.current = saved;
        }
      } finally {
        setProgress({});
        await queryClient.invalidateQueries({ queryKey: addressKeys.all });
      }
      return saved;
    },
    [queryClient],
  );
  return { save, progress };
}

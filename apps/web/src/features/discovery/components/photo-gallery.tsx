import { SnapCarousel } from '../../../components/ui/snap-carousel';

/** Swipeable photos at a fixed aspect ratio (no layout jump while they load). */
export function PhotoGallery({ photos, label }: { photos: string[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <section className="photo-gallery" aria-label={label}>
      <SnapCarousel isFocusable={photos.length > 1} label={label}>
        {photos.map((photo, index) => (
          <img
            key={photo}
            className="photo-gallery__img"
            src={photo}
            alt={`${label} ${index + 1}/${photos.length}`}
            loading={index === 0 ? 'eager' : 'lazy'}
          />
        ))}
      </SnapCarousel>
    </section>
  );
}

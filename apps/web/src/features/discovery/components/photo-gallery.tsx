import { Swiper } from 'antd-mobile';

/** Swipeable photos at a fixed aspect ratio (no layout jump while they load). */
export function PhotoGallery({ photos, label }: { photos: string[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <section className="photo-gallery" aria-label={label}>
      <Swiper indicatorProps={{ color: 'white' }} loop={photos.length > 1}>
        {photos.map((photo, index) => (
          <Swiper.Item key={photo}>
            <img
              className="photo-gallery__img"
              src={photo}
              alt={`${label} ${index + 1}/${photos.length}`}
              loading={index === 0 ? 'eager' : 'lazy'}
            />
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  );
}

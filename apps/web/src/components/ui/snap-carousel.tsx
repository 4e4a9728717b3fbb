import { Children, type ReactNode, useEffect, useRef, useState } from 'react';

/** After a touch, a focus or a hover, autoplay waits this long before it moves again. */
const AUTOPLAY_PAUSE_AFTER_USE_MS = 8_000;

interface SnapCarouselProps {
  /** One child per slide, each as wide as the carousel. */
  children: ReactNode;
  /** Moves to the next slide (and from the last back to the first) every this many milliseconds. */
  autoplayMs?: number;
  /**
   * The strip itself takes the keyboard's focus (arrow keys scroll it): for slides with nothing
   * focusable of their own, such as photos.
   */
  isFocusable?: boolean;
  /** The strip's name for assistive technology, when it takes focus. */
  label?: string;
}

/**
 * Slides in a horizontal strip the browser scrolls and snaps (CSS scroll snap), with dots for the
 * slide in view. Replaces antd-mobile's Swiper on the first screens (issue #17, decision 098): the
 * Swiper drew through react-spring in the page's commit and its effects (~100 ms of main thread at
 * a phone's speed on Home), where a scrolling strip costs the page nothing until it moves, and
 * swipes are the browser's own (momentum, snapping, no JavaScript per frame).
 */
export function SnapCarousel({ children, autoplayMs, isFocusable, label }: SnapCarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  // The dot follows the scroll position, read once per frame while the strip moves.
  useEffect(() => {
    const track = trackRef.current;
    if (!track || count < 2) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setCurrent(slideInView(track, count)));
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      track.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [count]);

  // Autoplay: not while the user is using the strip (or just has), not in a hidden tab, and not at
  // all for users who asked for reduced motion.
  useEffect(() => {
    const track = trackRef.current;
    if (!track || !autoplayMs || count < 2) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    let isHeld = false;
    let lastUsedAt = 0;
    const hold = () => {
      isHeld = true;
      lastUsedAt = Date.now();
    };
    const release = () => {
      isHeld = false;
      lastUsedAt = Date.now();
    };
    const holdEvents = ['pointerdown', 'focusin', 'mouseenter'] as const;
    const releaseEvents = ['pointerup', 'pointercancel', 'focusout', 'mouseleave'] as const;
    for (const name of holdEvents) track.addEventListener(name, hold, { passive: true });
    for (const name of releaseEvents) track.addEventListener(name, release, { passive: true });
    const timer = window.setInterval(() => {
      if (isHeld || document.hidden || Date.now() - lastUsedAt < AUTOPLAY_PAUSE_AFTER_USE_MS) return;
      const next = (slideInView(track, count) + 1) % count;
      track.scrollTo({ left: next * track.clientWidth, behavior: 'smooth' });
    }, autoplayMs);
    return () => {
      window.clearInterval(timer);
      for (const name of holdEvents) track.removeEventListener(name, hold);
      for (const name of releaseEvents) track.removeEventListener(name, release);
    };
  }, [autoplayMs, count]);

  return (
    <div className="snap-carousel">
      <div
        ref={trackRef}
        className="snap-carousel__track"
        // A strip of pictures has nothing else to focus: it must be reachable by keyboard to be
        // scrolled without a touch screen (WCAG 2.1.1).
        {...(isFocusable ? { tabIndex: 0, role: 'group', 'aria-label': label } : {})}
      >
        {slides.map((slide, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: slides are positions in a fixed list; each child keeps its own key inside.
          <div className="snap-carousel__slide" key={index}>
            {slide}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="snap-carousel__dots" aria-hidden="true">
          {slides.map((_, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per position.
              key={index}
              className={
                index === current ? 'snap-carousel__dot snap-carousel__dot--current' : 'snap-carousel__dot'
              }
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The slide most in view: the strip's scroll position in whole slide widths. */
function slideInView(track: HTMLElement, count: number): number {
  const width = track.clientWidth;
  if (width <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / width)));
}

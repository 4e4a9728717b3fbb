// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnapCarousel } from './snap-carousel';

/** The strip's scrolling is the browser's; what the component adds is the dot, autoplay and focus. */
const WIDTH = 300;

function renderStrip(props: { autoplayMs?: number; isFocusable?: boolean; label?: string }, slides = 3) {
  const view = render(
    <SnapCarousel {...props}>
      {Array.from({ length: slides }, (_, index) => `slide ${index + 1}`).map((name) => (
        <p key={name}>{name}</p>
      ))}
    </SnapCarousel>,
  );
  const track = view.container.querySelector('.snap-carousel__track') as HTMLDivElement;
  // happy-dom lays nothing out: give the strip a width and record where it is asked to scroll.
  Object.defineProperty(track, 'clientWidth', { configurable: true, value: WIDTH });
  const scrolledTo: number[] = [];
  track.scrollTo = ((options: ScrollToOptions) => {
    scrolledTo.push(options.left ?? 0);
    track.scrollLeft = options.left ?? 0;
  }) as typeof track.scrollTo;
  const currentDot = () =>
    [...view.container.querySelectorAll('.snap-carousel__dot')].findIndex((dot) =>
      dot.classList.contains('snap-carousel__dot--current'),
    );
  return { view, track, scrolledTo, currentDot };
}

describe('SnapCarousel', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows every slide, and one dot per slide that follows the scroll position', async () => {
    const { track, currentDot, view } = renderStrip({});
    expect(screen.getByText('slide 1')).toBeTruthy();
    expect(screen.getByText('slide 3')).toBeTruthy();
    expect(view.container.querySelectorAll('.snap-carousel__dot')).toHaveLength(3);
    expect(currentDot()).toBe(0);

    track.scrollLeft = 2 * WIDTH - 20; // most of the way to the third slide
    fireEvent.scroll(track);
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(currentDot()).toBe(2);
  });

  it('has no dots for a single slide, and does not autoplay it', () => {
    const { view, scrolledTo } = renderStrip({ autoplayMs: 1000 }, 1);
    expect(view.container.querySelectorAll('.snap-carousel__dot')).toHaveLength(0);
    vi.advanceTimersByTime(5000);
    expect(scrolledTo).toEqual([]);
  });

  it('autoplays to the next slide and from the last back to the first', () => {
    const { scrolledTo } = renderStrip({ autoplayMs: 1000 });
    vi.advanceTimersByTime(3000);
    expect(scrolledTo).toEqual([WIDTH, 2 * WIDTH, 0]);
  });

  it('does not move while the user holds the strip, nor for a while after', () => {
    const { track, scrolledTo } = renderStrip({ autoplayMs: 1000 });
    fireEvent.pointerDown(track);
    vi.advanceTimersByTime(3000);
    expect(scrolledTo).toEqual([]);
    fireEvent.pointerUp(track);
    vi.advanceTimersByTime(5000);
    expect(scrolledTo).toEqual([]);
    vi.advanceTimersByTime(5000);
    expect(scrolledTo.length).toBeGreaterThan(0);
  });

  it('never autoplays for a user who asked for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    const { scrolledTo } = renderStrip({ autoplayMs: 1000 });
    vi.advanceTimersByTime(5000);
    expect(scrolledTo).toEqual([]);
  });

  it('takes the keyboard focus with a name only when asked to', () => {
    const focusable = renderStrip({ isFocusable: true, label: 'Anna' }).track;
    expect(focusable.tabIndex).toBe(0);
    expect(focusable.getAttribute('role')).toBe('group');
    expect(focusable.getAttribute('aria-label')).toBe('Anna');
    cleanup();
    const plain = renderStrip({}).track;
    expect(plain.hasAttribute('tabindex')).toBe(false);
    expect(plain.hasAttribute('role')).toBe(false);
  });
});

// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardSkeletons } from './state-views';

/** Every component's source, to hold the placeholder rule across the app. */
const sources = import.meta.glob<string>('../../**/*.tsx', { eager: true, query: '?raw', import: 'default' });

/** antd-mobile's Skeleton (or Skeleton.Title/Paragraph) given its `animated` prop. */
const ANIMATED_SKELETON = /<Skeleton(?:\.\w+)?\b[^>]*?\banimated\b/gs;

describe('loading placeholders (decision 101)', () => {
  afterEach(cleanup);

  it('draw the list placeholders as a busy status with one compositor sweep over static blocks', () => {
    const { container } = render(<CardSkeletons count={3} />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.classList.contains('shimmer')).toBe(true);
    expect(container.querySelectorAll('.card-skeleton')).toHaveLength(3);
    expect(container.querySelectorAll('.adm-skeleton').length).toBeGreaterThan(0);
    expect(container.querySelectorAll('.adm-skeleton-animated')).toHaveLength(0);
  });

  it("never use antd-mobile's animated skeleton, which repaints on the main thread every frame", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    const found = Object.entries(sources).flatMap(([file, source]) =>
      [...source.matchAll(ANIMATED_SKELETON)].map((match) => `${file}: ${match[0].slice(0, 60)}`),
    );
    expect(found).toEqual([]);
  });

  it('the rule finds an animated skeleton when there is one', () => {
    const fixture = '<Skeleton.Paragraph\n  lineCount={5}\n  animated\n/>';
    expect([...fixture.matchAll(ANIMATED_SKELETON)]).toHaveLength(1);
    expect([...'<Skeleton className="a" />'.matchAll(ANIMATED_SKELETON)]).toHaveLength(0);
  });
});

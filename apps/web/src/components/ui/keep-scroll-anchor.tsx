import { Component, type ReactNode } from 'react';

interface Props {
  /** Key of the first row: when it changes, rows were dropped (or added) above the viewport. */
  firstKey: string | number | undefined;
  children: ReactNode;
}

interface Anchor {
  scroller: HTMLElement;
  key: string;
  top: number;
}

function findScroller(element: HTMLElement): HTMLElement {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (/auto|scroll/.test(overflowY)) return node;
  }
  return (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
}

function topOf(element: Element, scroller: HTMLElement): number {
  const base = scroller === document.scrollingElement ? 0 : scroller.getBoundingClientRect().top;
  return element.getBoundingClientRect().top - base;
}

/**
 * Keeps the rows on screen where they are when pages are dropped from (or added to) the top of a
 * paged list. Browsers without CSS scroll anchoring (Safari) would otherwise jump by a whole
 * page; the browser's own anchoring is switched off on the scroller so the two never add up.
 * A class: only getSnapshotBeforeUpdate can measure the old rows just before they change.
 */
export class KeepScrollAnchor extends Component<Props> {
  private element: HTMLDivElement | null = null;
  private scroller: HTMLElement | null = null;
  private previousAnchorSetting = '';

  private frame = 0;

  override componentDidMount() {
    // In the next frame, not in React's commit (decision 090): reading the ancestors' computed style
    // right after the list's rows were inserted restyled the whole page inside the commit (≈ 65 ms
    // on a slow phone); the frame restyles it anyway. Rows are first dropped pages later.
    this.frame = requestAnimationFrame(() => {
      if (!this.element) return;
      this.scroller = findScroller(this.element);
      this.previousAnchorSetting = this.scroller.style.overflowAnchor;
      this.scroller.style.overflowAnchor = 'none';
    });
  }

  override componentWillUnmount() {
    cancelAnimationFrame(this.frame);
    if (this.scroller) this.scroller.style.overflowAnchor = this.previousAnchorSetting;
  }

  override getSnapshotBeforeUpdate(previous: Props): Anchor | null {
    if (previous.firstKey === this.props.firstKey || !this.element) return null;
    const scroller = findScroller(this.element);
    const visibleTop = scroller === document.scrollingElement ? 0 : scroller.getBoundingClientRect().top;
    // The first row whose bottom is still on screen: the one the reader is looking at.
    for (const row of this.element.querySelectorAll<HTMLElement>('[data-row-key]')) {
      if (row.getBoundingClientRect().bottom > visibleTop) {
        return { scroller, key: row.dataset.rowKey ?? '', top: topOf(row, scroller) };
      }
    }
    return null;
  }

  override componentDidUpdate(_previous: Props, _state: unknown, anchor: Anchor | null) {
    if (!anchor || !this.element) return;
    const row = [...this.element.querySelectorAll<HTMLElement>('[data-row-key]')].find(
      (candidate) => candidate.dataset.rowKey === anchor.key,
    );
    if (!row) return;
    const shift = topOf(row, anchor.scroller) - anchor.top;
    if (shift !== 0) anchor.scroller.scrollTop += shift;
  }

  override render() {
    return (
      <div
        ref={(element) => {
          this.element = element;
        }}
      >
        {this.props.children}
      </div>
    );
  }
}

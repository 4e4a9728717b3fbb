import { describe, expect, it } from 'vitest';
import { pageWindow, toPage } from './paging';

describe('paging', () => {
  it('reads one row past the page and reports more only when it came back', () => {
    expect(pageWindow({ page: 3, pageSize: 20 })).toEqual({ limit: 21, offset: 40 });
    const full = Array.from({ length: 20 }, (_, index) => index);
    expect(toPage(full, { page: 1, pageSize: 20 })).toEqual({
      items: full,
      page: 1,
      pageSize: 20,
      hasMore: false,
    });
    expect(toPage([...full, 20], { page: 1, pageSize: 20 })).toMatchObject({ items: full, hasMore: true });
    expect(toPage([], { page: 4, pageSize: 20 })).toEqual({
      items: [],
      page: 4,
      pageSize: 20,
      hasMore: false,
    });
  });
});

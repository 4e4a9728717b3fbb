// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePagedQuery } from '../../hooks/use-paged-query';
import common from '../../locales/en/common.json';
import ui from '../../locales/en/ui.json';
import kmCommon from '../../locales/km/common.json';
import km from '../../locales/km/ui.json';
import { answerWith, deferredResponse, envelope, renderPage } from '../../test/render';
import { EmptyState } from './empty-state';
import { PagedList } from './paged-list';

/** The paged list's states: loading, failed (with retry), empty, and its rows. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Person {
  id: number;
  name: string;
}
const NOBODY = 'Nobody here yet';
const page = (items: Person[], hasMore = false) => envelope({ items, page: 1, pageSize: 20, hasMore });

function People() {
  const query = usePagedQuery<Person>({ queryKey: ['people'], path: '/app/people' });
  return (
    <PagedList
      query={query}
      itemKey={(person) => person.id}
      renderItem={(person) => person.name}
      empty={<EmptyState icon={null} title={NOBODY} />}
    />
  );
}

describe('paged list', () => {
  it('shows placeholders while the first page loads, then the rows', async () => {
    const first = deferredResponse();
    const fetchMock = answerWith(() => first.response);
    await renderPage(<People />);

    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText(common.states.loading)).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/app/people?page=1&pageSize=20');

    first.answer(
      page([
        { id: 1, name: 'Sokha' },
        { id: 2, name: 'Vanna' },
      ]),
    );
    expect(await screen.findByText('Sokha')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the empty view when there is nothing', async () => {
    answerWith(() => page([]));
    await renderPage(<People />);
    expect(await screen.findByRole('heading', { name: NOBODY })).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('shows why a load failed, in the user’s language, and retries', async () => {
    let calls = 0;
    answerWith(() =>
      ++calls === 1 ? envelope(null, { code: 1500, msg: 'ម៉ាស៊ីនមេរវល់' }) : page([{ id: 3, name: 'Chenda' }]),
    );
    await renderPage(<People />, { language: 'km' });

    expect(await screen.findByRole('heading', { name: km.states.loadFailed })).toBeTruthy();
    expect(screen.getByText('ម៉ាស៊ីនមេរវល់')).toBeTruthy();
    expect(ui.states.loadFailed).not.toBe(km.states.loadFailed);

    await userEvent.click(screen.getByRole('button', { name: kmCommon.actions.retry }));
    expect(await screen.findByText('Chenda')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('draws its first rows five at a time, then its infinite scroll', async () => {
    const people = Array.from({ length: 20 }, (_, index) => ({ id: index + 1, name: `Person ${index + 1}` }));
    answerWith(() => page(people, true));
    const committedRows: number[] = [];
    const observer = new MutationObserver(() => {
      const rows = document.querySelectorAll('.paged-list__item').length;
      if (rows > 0 && committedRows.at(-1) !== rows) committedRows.push(rows);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await renderPage(<People />);

    expect(await screen.findByText('Person 20')).toBeTruthy();
    observer.disconnect();
    // Five rows at a time, each step in the page on its own before the next.
    expect(committedRows).toEqual([5, 10, 15, 20]);
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText(ui.states.loadMore)).toBeTruthy();
  });
});

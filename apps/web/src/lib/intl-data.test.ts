import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAWN_PAGE_ANSWER_WAIT_MS, servicesLackingLanguage } from './intl-data';

/** The page's window as the drawn page leaves it (the server's PRELOAD_SCRIPT, decision 096). */
const drawnPage = (answer: Promise<{ lang: string; services: unknown }>) => {
  answer.catch(() => {});
  vi.stubGlobal('window', { __sabaiIntlMissing: answer });
};
/** Counts the app's own tests of Intl (each service's supportedLocalesOf). */
const countLocalTests = () =>
  (['NumberFormat', 'PluralRules', 'DateTimeFormat', 'RelativeTimeFormat', 'DisplayNames'] as const).map(
    (service) => vi.spyOn(Intl[service], 'supportedLocalesOf'),
  );
const localTests = (spies: ReturnType<typeof countLocalTests>) =>
  spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('servicesLackingLanguage', () => {
  it("takes the drawn page's worker's answer for the page's language, and tests nothing itself", async () => {
    const spies = countLocalTests();
    drawnPage(Promise.resolve({ lang: 'km', services: ['DateTimeFormat', 'RelativeTimeFormat', 'Unknown'] }));
    expect(await servicesLackingLanguage('km')).toEqual(['DateTimeFormat', 'RelativeTimeFormat']);
    expect(localTests(spies)).toBe(0);
  });

  it('tests for itself for another language, when the worker failed, or without a drawn page', async () => {
    // Node has every language's data: nothing lacks.
    const spies = countLocalTests();
    drawnPage(Promise.resolve({ lang: 'km', services: ['DateTimeFormat'] }));
    expect(await servicesLackingLanguage('th')).toEqual([]);
    expect(localTests(spies)).toBe(5);
    drawnPage(Promise.reject(0));
    expect(await servicesLackingLanguage('km')).toEqual([]);
    expect(localTests(spies)).toBe(10);
    vi.stubGlobal('window', {});
    expect(await servicesLackingLanguage('km')).toEqual([]);
    expect(localTests(spies)).toBe(15);
  });

  it('waits a bounded time for a worker that does not answer, then tests for itself', async () => {
    vi.useFakeTimers();
    const spies = countLocalTests();
    drawnPage(new Promise(() => {}));
    const lacking = servicesLackingLanguage('km');
    await vi.advanceTimersByTimeAsync(DRAWN_PAGE_ANSWER_WAIT_MS - 1);
    expect(localTests(spies)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await lacking).toEqual([]);
    expect(localTests(spies)).toBe(5);
  });
});

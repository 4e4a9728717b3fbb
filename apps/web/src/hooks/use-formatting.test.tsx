// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import { answerWith, deferredResponse, envelope, renderPage } from '../test/render';
import { useFormatting } from './use-formatting';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  removeStored(STORAGE_KEYS.currency);
});

const rates = {
  base: 'USD',
  rates: [
    { currency: 'USD', perUsd: 1, minorDigits: 2, updatedAt: '2026-11-28T00:00:00Z' },
    { currency: 'THB', perUsd: 35, minorDigits: 2, updatedAt: '2026-11-28T00:00:00Z' },
  ],
};

describe("useFormatting's display rates (decision 093)", () => {
  it('redraws each price once when the rates arrive, never from the query observer at once', async () => {
    writeStored(STORAGE_KEYS.currency, 'THB');
    const answer = deferredResponse();
    const fetchMock = answerWith(() => answer.response);
    const renders: string[][] = [[], [], []];
    function Price({ index }: { index: number }) {
      const text = useFormatting().price({ amount: 2000, currency: 'USD' });
      renders[index]?.push(text);
      return <p data-testid={`price-${index}`}>{text}</p>;
    }
    await renderPage(
      <>
        <Price index={0} />
        <Price index={1} />
        <Price index={2} />
      </>,
    );
    // Three prices, one request, the price as charged until the rates are there.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('price-0').textContent).toContain('20.00');
    const before = renders.map((each) => each.length);

    await act(async () => answer.answer(envelope(rates)));
    await vi.waitFor(() => expect(screen.getByTestId('price-2').textContent).toContain('700.00'));

    // One more render each, with the converted price: no render with the old price in between
    // (an observer's update through useSyncExternalStore would have drawn each one at once first).
    renders.forEach((each, index) => {
      expect(each.length, `price ${index}`).toBe((before[index] ?? 0) + 1);
      expect(each.at(-1)).toContain('700.00');
    });
  });

  it('draws rates already cached on its first render', async () => {
    writeStored(STORAGE_KEYS.currency, 'THB');
    answerWith(() => envelope(rates));
    const later: string[] = [];
    function Price({ seen }: { seen?: string[] }) {
      const text = useFormatting().price({ amount: 100, currency: 'USD' });
      seen?.push(text);
      return <p>{text}</p>;
    }
    function Page() {
      const [isLaterShown, showLater] = useState(false);
      return (
        <>
          <Price />
          <button type="button" data-testid="show-later" onClick={() => showLater(true)} />
          {isLaterShown ? <Price seen={later} /> : null}
        </>
      );
    }
    await renderPage(<Page />);
    await vi.waitFor(() => expect(screen.getByText(/35\.00/)).toBeTruthy());
    await act(async () => screen.getByTestId('show-later').click());
    expect(later[0]).toContain('35.00');
  });
});

// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStored } from '../../../lib/storage';
import en from '../../../locales/en/wallet.json';
import { answerWith, envelope, renderPage } from '../../../test/render';
import WorkbenchIncomePage from './workbench-income-page';

/** The income page shows the server's sums for the chosen period and steps back through periods. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const income = (period: string, offset: string) => ({
  currency: 'USD',
  period,
  timeZone: 'Asia/Phnom_Penh',
  from: period === 'week' ? '2026-11-23' : '2026-11-24',
  to: period === 'week' ? '2026-11-29' : '2026-11-24',
  earnings: offset === '0' ? 3600 : 0,
  tips: offset === '0' ? 300 : 0,
  orderCount: offset === '0' ? 1 : 0,
  days: [{ date: '2026-11-24', earnings: 3600, tips: 300 }],
  orders: offset === '0' ? [{ orderId: 61, earnings: 1600, tips: 300, at: '2026-11-24T03:00:00.000Z' }] : [],
  available: 2900,
  inFlight: 1000,
  owes: 450,
});

describe('workbench income', () => {
  it('shows earnings, tips, per order, what is owed, and asks for the chosen period', async () => {
    writeStored(STORAGE_KEYS.token, 'a-session-token');
    writeStored(STORAGE_KEYS.userInfo, { id: 7, nickname: 'Dara' });
    const asked: string[] = [];
    answerWith((_method, path, url) => {
      if (path === '/app/therapists/me/income') {
        const period = url.searchParams.get('period') ?? 'day';
        const offset = url.searchParams.get('offset') ?? '0';
        asked.push(`${period}:${offset}`);
        return envelope(income(period, offset));
      }
      return envelope({ rates: [] });
    });
    await renderPage(<WorkbenchIncomePage />);
    expect(await screen.findByText('$36.00')).toBeTruthy();
    expect(screen.getByText('$3.00')).toBeTruthy();
    expect(screen.getByText('$4.50')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order #61' }).getAttribute('href')).toBe(
      '/therapist/workbench/order?id=61',
    );
    const typist = userEvent.setup({ pointerEventsCheck: 0 });
    await typist.click(screen.getByText(en.income.periods.week));
    await waitFor(() => expect(asked).toContain('week:0'));
    await typist.click(screen.getByRole('button', { name: en.income.earlier }));
    await waitFor(() => expect(asked).toContain('week:1'));
    expect(await screen.findByText(en.income.noOrders)).toBeTruthy();
  });
});

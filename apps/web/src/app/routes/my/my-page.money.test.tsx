// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStored } from '../../../lib/storage';
import en from '../../../locales/en/me.json';
import { answerWith, envelope, renderPage } from '../../../test/render';
import MyPage from './my-page';

/** The Me page's money entries: coupons for every signed-in user, VIP only while 3099 is open, the badge from vipLevel. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const user = (vipLevel: number) => ({
  id: 7,
  userName: 'u7',
  nickname: 'Dara',
  avatar: null,
  vipLevel,
  areaCode: '855',
  phone: '12345678',
  mobile: '+85512345678',
  status: 1,
  isLogout: 1,
  cancellationDueAt: null,
  hasPassword: true,
  roles: ['customer'],
  invitationCode: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});

function serve({ isOpen, vipLevel }: { isOpen: boolean; vipLevel: number }) {
  const fetchMock = answerWith((_method, path) => {
    if (path === '/app/user/selectUserById') return envelope(user(vipLevel));
    if (path === '/app/common/type/3099')
      return envelope({ type: 3099, value: JSON.stringify({ isOpen, link: '/my/vip' }), updatedAt: '' });
    return envelope(null);
  });
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, user(0));
  return fetchMock;
}

describe('the Me page', () => {
  it('links to my coupons and, while the card is on sale, to VIP; a member wears the badge', async () => {
    serve({ isOpen: true, vipLevel: 1 });
    await renderPage(<MyPage />);
    expect((await screen.findByRole('link', { name: en.menu.coupons })).getAttribute('href')).toBe(
      '/my/hongbao/youhuijuan',
    );
    expect((await screen.findByRole('link', { name: en.menu.vip })).getAttribute('href')).toBe(
      '/my/vip/index',
    );
    expect(await screen.findByText(en.vipBadge)).toBeTruthy();
  });

  it('hides the VIP entry while the switch is off, and shows no badge without a membership', async () => {
    const fetchMock = serve({ isOpen: false, vipLevel: 0 });
    await renderPage(<MyPage />);
    await screen.findByRole('link', { name: en.menu.coupons });
    // The config has been asked and answered (closed) before the entry is checked.
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/app/common/type/3099'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: en.menu.vip })).toBeNull();
    expect(screen.queryByText(en.vipBadge)).toBeNull();
  });
});

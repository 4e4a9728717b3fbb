// @vitest-environment happy-dom
import type { UserRecord } from '@sabai/shared/identity/identity.schemas';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStored } from '../../../../lib/storage';
import en from '../../../../locales/en/identity.json';
import { answerWith, envelope, renderPage } from '../../../../test/render';
import ChangePhonePage from './change-phone-page';

/** Re-authentication (decision 013) through the change-phone form: the password, or a login code. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const account = (hasPassword: boolean): UserRecord => ({
  id: 7,
  userName: 'dara',
  nickname: 'Dara',
  avatar: null,
  vipLevel: 0,
  areaCode: '855',
  phone: '12999888',
  mobile: '+85512999888',
  status: 1,
  isLogout: 0,
  cancellationDueAt: null,
  hasPassword,
  roles: ['customer'],
  invitationCode: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** Signs `user` in and answers the page's requests; the answers to the change are recorded. */
async function openPage(user: UserRecord) {
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, user);
  const fetchMock = answerWith((_method, path) => {
    if (path === '/app/Login/countryCode')
      return envelope([{ name: 'Cambodia', iso2: 'KH', areaCode: '855' }]);
    if (path === '/app/user/selectUserById') return envelope(user);
    if (path === '/app/auth/sms-codes') return envelope({ resendAfterSeconds: 60 });
    if (path === '/app/auth/phone/change') return envelope({ ...user, phone: '12345678' });
    return envelope(null);
  });
  await renderPage(<ChangePhonePage />);
  const bodies = (path: string) =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).includes(path))
      .map(([, init]) => JSON.parse(String(init?.body)));
  return { bodies, typist: userEvent.setup() };
}

async function fillNewPhone(typist: ReturnType<typeof userEvent.setup>) {
  await typist.type(screen.getByRole('textbox', { name: en.changePhone.newPhone }), '012 345 678');
  const newPhoneCode = screen.getAllByRole('textbox', { name: en.code.label })[0];
  if (!newPhoneCode) throw new Error('no code field');
  await typist.type(newPhoneCode, '123456');
}

const submit = () => screen.getByRole('button', { name: en.changePhone.submit });

describe('changing the phone', () => {
  it('asks an account with a password for it, and sends it as currentPassword', async () => {
    const { bodies, typist } = await openPage(account(true));
    await fillNewPhone(typist);

    await typist.click(submit());
    expect(await screen.findByText(en.password.currentRequired)).toBeTruthy();
    expect(bodies('/app/auth/phone/change')).toEqual([]);

    const reauth = screen.getByRole('group', { name: en.reauth.hint });
    await typist.type(
      within(reauth).getByLabelText(en.password.currentLabel, { selector: 'input' }),
      'my password',
    );
    await typist.click(submit());
    await waitFor(() =>
      expect(bodies('/app/auth/phone/change')).toEqual([
        { areaCode: '855', phone: '012 345 678', code: '123456', currentPassword: 'my password' },
      ]),
    );
  });

  it('sends an account without a password a login code to its current phone, and sends it as currentCode', async () => {
    const { bodies, typist } = await openPage(account(false));
    const reauth = await screen.findByRole('group', { name: en.reauth.hint });
    await waitFor(() => expect(within(reauth).queryByLabelText(en.password.currentLabel)).toBeNull());
    await fillNewPhone(typist);

    await typist.click(within(reauth).getByRole('button', { name: en.code.send }));
    await waitFor(() =>
      expect(bodies('/app/auth/sms-codes')).toEqual([
        { areaCode: '855', phone: '12999888', purpose: 'login' },
      ]),
    );
    await typist.type(within(reauth).getByRole('textbox', { name: en.code.label }), '654321');
    await typist.click(submit());
    await waitFor(() =>
      expect(bodies('/app/auth/phone/change')).toEqual([
        { areaCode: '855', phone: '012 345 678', code: '123456', currentCode: '654321' },
      ]),
    );
  });
});

// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en/identity.json';
import km from '../../../locales/km/identity.json';
import { answerWith, deferredResponse, envelope, renderPage } from '../../../test/render';
import ForgetPwdPage from './forget-pwd-page';

/** The form pattern (components/form) through a real page: checks, pending state, server refusal. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const countries = (_method: string, path: string) =>
  path === '/app/Login/countryCode'
    ? envelope([{ name: 'Cambodia', iso2: 'KH', areaCode: '855' }])
    : undefined;

async function fillValidForm(labels: typeof en) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: labels.phone.label }), '012 345 678');
  await user.type(screen.getByRole('textbox', { name: labels.code.label }), '123456');
  await user.type(screen.getByLabelText(labels.password.newLabel, { selector: 'input' }), 'a new password');
  return user;
}

describe('a form of the form pattern', () => {
  it('names the first problem in the user’s language and sends nothing', async () => {
    const fetchMock = answerWith((method, path) => countries(method, path) ?? envelope(null));
    await renderPage(<ForgetPwdPage />, { language: 'km' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: km.forgot.submit }));
    expect(await screen.findByText(km.phone.required)).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: km.phone.label }), '023 123 456');
    await user.click(screen.getByRole('button', { name: km.forgot.submit }));
    expect(await screen.findByText(km.phone.invalid)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/password/reset'))).toBe(false);
  });

  it('is busy while it sends, then shows the server’s refusal and can be sent again', async () => {
    const reset = deferredResponse();
    const fetchMock = answerWith(
      (method, path) =>
        countries(method, path) ?? (path === '/app/auth/password/reset' ? reset.response : envelope(null)),
    );
    await renderPage(<ForgetPwdPage />);
    const user = await fillValidForm(en);
    const submit = screen.getByRole('button', { name: en.forgot.submit });

    await user.click(submit);
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true));
    await user.click(submit);
    const resetCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/password/reset'));
    expect(resetCalls()).toHaveLength(1);
    expect(JSON.parse(String(resetCalls()[0]?.[1]?.body))).toEqual({
      areaCode: '855',
      phone: '012 345 678',
      code: '123456',
      password: 'a new password',
    });

    reset.answer(envelope(null, { code: 2009, msg: 'The code is wrong or has expired.' }));
    expect(await screen.findByText('The code is wrong or has expired.')).toBeTruthy();
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
  });
});

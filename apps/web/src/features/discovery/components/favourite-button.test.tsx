// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStored } from '../../../lib/storage';
import en from '../../../locales/en/discovery.json';
import { answerWith, deferredResponse, envelope, renderPage } from '../../../test/render';
import { FavouriteButton, FollowButton } from './favourite-button';

/** Favourite and follow show the new state at once and fall back when the server refuses. */
beforeEach(() => {
  writeStored(STORAGE_KEYS.token, 'a-session-token');
  writeStored(STORAGE_KEYS.userInfo, { id: 7, nickname: 'Dara' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const heart = () => screen.getByRole('button', { name: en.engagement.favourite });
const pressed = (button: HTMLElement) => button.getAttribute('aria-pressed');

describe('favourite toggle', () => {
  it('shows the heart filled while the request runs, then keeps the server’s answer', async () => {
    const put = deferredResponse();
    answerWith((method, path) =>
      method === 'PUT' && path === '/app/favourites/store/3' ? put.response : envelope(null),
    );
    await renderPage(
      <FavouriteButton kind="store" id={3} viewer={{ isFavourite: false, isFollowing: false }} />,
    );

    await userEvent.click(heart());
    await waitFor(() => expect(pressed(heart())).toBe('true'));
    expect(heart().hasAttribute('disabled')).toBe(true);

    put.answer(envelope({ isFavourite: true }));
    expect(await screen.findByText(en.engagement.saved)).toBeTruthy();
    expect(pressed(heart())).toBe('true');
    expect(heart().hasAttribute('disabled')).toBe(false);
  });

  it('rolls back and shows why when the server refuses', async () => {
    const put = deferredResponse();
    answerWith(() => put.response);
    await renderPage(
      <FavouriteButton kind="therapist" id={5} viewer={{ isFavourite: false, isFollowing: false }} />,
    );

    await userEvent.click(heart());
    await waitFor(() => expect(pressed(heart())).toBe('true'));

    put.answer(envelope(null, { code: 3004, msg: 'This therapist is no longer listed.' }));
    expect(await screen.findByText('This therapist is no longer listed.')).toBeTruthy();
    await waitFor(() => expect(pressed(heart())).toBe('false'));
  });
});

describe('follow toggle', () => {
  it('moves the follower count with it and back on failure', async () => {
    const put = deferredResponse();
    answerWith(() => put.response);
    await renderPage(
      <FollowButton therapistId={9} viewer={{ isFavourite: false, isFollowing: false }} followerCount={4} />,
    );
    const button = () => screen.getByRole('button', { name: new RegExp(en.engagement.follow) });

    await userEvent.click(button());
    await waitFor(() => expect(pressed(button())).toBe('true'));
    expect(button().textContent).toContain('5');

    put.answer(new Response('bad gateway', { status: 502 }));
    await waitFor(() => expect(pressed(button())).toBe('false'));
    expect(button().textContent).toContain('4');
  });
});

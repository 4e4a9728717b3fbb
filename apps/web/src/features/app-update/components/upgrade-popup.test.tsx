// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerWith, envelope, renderPage } from '../../../test/render';
import { readDismissedVersion, setDismissedVersion } from '../update-dismissal';
import { UpgradePopup } from './upgrade-popup';

/** The upgrade popup against the published versions the server answers (this build is 2.6.82). */
const record = (version: string, method: 'true' | 'false', des = '') => ({
  id: 1,
  classify: 1,
  version,
  hwVersion: '',
  hwWgtUrl: '',
  iosVersion: '',
  iosWgtUrl: '',
  androidWgtUrl: '',
  method,
  des,
  publishedAt: '2026-11-24T00:00:00.000Z',
});

function publish(...records: ReturnType<typeof record>[]) {
  return answerWith((_method, path) =>
    path === '/app/user/selectNewApp' ? envelope(records) : envelope(null, { code: 404 }),
  );
}

afterEach(() => {
  cleanup();
  setDismissedVersion(null);
  vi.unstubAllGlobals();
  document.body.innerHTML = '<div id="root"></div>';
});

describe('UpgradePopup', () => {
  it('shows nothing when this build is the newest', async () => {
    const fetchMock = publish(record('2.6.82', 'true'), record('2.6.81', 'false'));
    await renderPage(<UpgradePopup />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText('Update now')).toBeNull();
  });

  it('offers an optional update that "Later" puts off for the session', async () => {
    publish(record('2.6.90', 'false', 'Faster maps'));
    await renderPage(<UpgradePopup />);
    await screen.findByText('New version available');
    expect(screen.getByText('Faster maps')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    // Recorded for this version and session (the modal's closing animation does not end in happy-dom).
    expect(readDismissedVersion()).toBe('2.6.90');
    expect(document.getElementById('root')?.inert).toBeFalsy();
  });

  it('makes a forced update impossible to put off, and the app behind it inert', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    publish(record('2.7.0', 'true', 'Security fix'), record('2.8.0', 'false'));
    await renderPage(<UpgradePopup />, { language: 'vi' });
    await screen.findByText('Cần cập nhật');
    expect(screen.getByText('Phiên bản của bạn 2.6.82 · phiên bản mới 2.8.0')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Để sau' })).toBeNull();
    expect(document.querySelector('.adm-center-popup-close')).toBeNull();
    expect(document.getElementById('root')?.inert).toBe(true);
    // A session's "Later" for that version does not apply to a forced update.
    setDismissedVersion('2.8.0');
    expect(await screen.findByText('Cần cập nhật')).toBeTruthy();
  });
});

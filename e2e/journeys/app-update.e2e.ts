import { describe, expect, it } from 'vitest';
import { phoneContext } from '../support/browser';
import { setUpJourney } from '../support/journey';

/**
 * The forced update (issue #16 item 6, decision 055) in real Chromium, in Vietnamese: customer
 * service publishes a forced version through the staff route; after a reload the upgrade popup
 * covers the app with no way to close it (no close button, the mask and Escape do nothing, the
 * page behind is inert, other pages show it too); "Update now" looks for a new service worker and,
 * as this build is still the old one, says the update failed and stays. Withdrawing the release
 * (the staff's way out of a mistaken forced update) frees the app.
 */
const journey = setUpJourney({ env: { LOG_LEVEL: 'warn' }, serviceWorkers: 'allow' });
const DEMO_SUPPORT = { areaCode: '855', phone: '012345679', password: 'sabai-support' };

async function call<T>(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${journey.server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}

describe('app versions', () => {
  it('a forced update published by customer service blocks the app until it is updated', async () => {
    const support = await call<{ token: string }>(
      'POST',
      '/app/auth/login/password',
      undefined,
      DEMO_SUPPORT,
    );
    expect(support.code).toBe(0);
    const context = await phoneContext(journey.launched.browser, 'vi');
    const page = await context.newPage();
    const base = journey.server.baseUrl;

    // Up to date (the demo's newest release is this build's 2.6.82): no popup.
    await page.goto(`${base}/my/setting/about`);
    await page.getByText('2.6.82 (271)').waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.getByRole('button', { name: 'Kiểm tra cập nhật' }).click();
    await page.getByText('Bạn đang dùng phiên bản mới nhất.').waitFor();
    expect(await page.locator('.upgrade-popup').count()).toBe(0);

    const published = await call<{ id: number; method: string }>(
      'POST',
      '/app/staff/app-versions',
      support.data.token,
      {
        classify: 1,
        version: '2.7.0',
        method: 'true',
        des: 'Bản cập nhật bảo mật bắt buộc.',
      },
    );
    expect(published).toMatchObject({ code: 0, data: { method: 'true' } });

    await page.reload();
    const popup = page.locator('.upgrade-popup');
    const forcedTitle = popup.locator('.adm-modal-title', { hasText: 'Cần cập nhật' });
    await forcedTitle.waitFor();
    await popup.getByText('Phiên bản của bạn 2.6.82 · phiên bản mới 2.7.0').waitFor();
    await popup.getByText('Bản cập nhật bảo mật bắt buộc.').waitFor();
    expect(await popup.locator('.adm-center-popup-close').count()).toBe(0);
    expect(await popup.getByRole('button', { name: 'Để sau' }).count()).toBe(0);

    // The mask and Escape do nothing; the page behind takes no input.
    await page.mouse.click(20, 20);
    await page.keyboard.press('Escape');
    await expect.poll(() => forcedTitle.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.getElementById('root')?.inert)).toBe(true);

    // Another page: still blocked.
    await page.goto(`${base}/my`);
    await forcedTitle.waitFor();

    // "Update now": the server still serves this build, so no new worker is found; the popup stays.
    await popup.getByRole('button', { name: 'Cập nhật ngay' }).click();
    await page.getByText('Không tải được bản cập nhật. Vui lòng thử lại.').waitFor();
    expect(await forcedTitle.isVisible()).toBe(true);

    // Customer service withdraws the release: the next start is free again.
    const withdrawn = await call(
      'POST',
      `/app/staff/app-versions/${published.data.id}/withdraw`,
      support.data.token,
      {
        reason: 'Phát hành nhầm',
      },
    );
    expect(withdrawn.code).toBe(0);
    await page.reload();
    await page.locator('.my-page, .page, main').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await popup.count()).toBe(0);
    expect(await page.evaluate(() => document.getElementById('root')?.inert)).toBe(false);
    await context.close();
  });
});

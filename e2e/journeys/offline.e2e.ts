import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lookAt, PHONE } from '../support/browser';
import { setUpJourney } from '../support/journey';

const journey = setUpJourney({ serviceWorkers: 'allow' });
const SHOTS = '/work/shots/shell';

/** A phone with the service worker allowed (phoneContext's defaults), in a browser language. */
async function phone(locale: string): Promise<BrowserContext> {
  return journey.launched.browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, locale });
}

/** The first therapist names the list shows. */
async function therapistNames(page: Page): Promise<string[]> {
  const names = page.locator('.therapist-card__name');
  await names.first().waitFor();
  return (await names.allTextContents()).slice(0, 5);
}

describe('first paint and offline visits', () => {
  it('draws the shell in Khmer before any script runs', async () => {
    const context = await phone('km-KH');
    const page = await context.newPage();
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`${journey.server.baseUrl}/instore`);
    expect(await page.locator('html').getAttribute('lang')).toBe('km');
    const nav = page.getByRole('navigation', { name: 'ម៉ឺនុយមេ' });
    await nav.getByRole('link', { name: 'ទៅហាង' }).waitFor();
    expect(await page.locator('.app-shell').getAttribute('data-shell-tab')).toBe('instore');
    expect(await page.getByRole('main').count()).toBe(1);
    await lookAt(page, { path: `${SHOTS}/shell-before-js-instore-km.png` });
    await context.close();
  });

  it('shows the shell and the lists seen last when the phone goes offline, and says so', async () => {
    const context = await phone('en-US');
    const page = await context.newPage();
    await page.goto(`${journey.server.baseUrl}/therapist/therapistList`);
    // The first visit installs the service worker; the list is fetched again under its control.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const online = await therapistNames(page);
    expect(online.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.offline-notice__text').count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
    expect(await therapistNames(page)).toEqual(online);
    await lookAt(page, { path: `${SHOTS}/offline-therapist-list-en.png` });

    // Home from the tab bar: the shell and its lists, offline too.
    await page.goto(`${journey.server.baseUrl}/`);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Home' })
      .waitFor();
    await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();

    // Back online: the notice goes.
    await context.setOffline(false);
    await expect.poll(() => page.locator('.offline-notice__text').count()).toBe(0);
    await context.close();
  });

  it('says "you are offline" in Khmer', async () => {
    const context = await phone('km-KH');
    const page = await context.newPage();
    await page.goto(`${journey.server.baseUrl}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByRole('navigation', { name: 'ម៉ឺនុយមេ' }).waitFor();
    await page.locator('.app-shell').waitFor({ state: 'detached' });
    await page.locator('#welcome-heading').waitFor();
    await page.locator('.card-skeletons').first().waitFor({ state: 'detached' });
    await context.setOffline(true);
    await page.getByText('អ្នកកំពុងគ្មានអ៊ីនធឺណិត។', { exact: false }).waitFor();
    await lookAt(page, { path: `${SHOTS}/offline-home-km.png` });
    // The notice is said once, over the home page seen last, which stays on screen.
    expect(await page.getByRole('status').filter({ hasText: 'អ្នកកំពុងគ្មានអ៊ីនធឺណិត' }).count()).toBe(1);
    expect(await page.locator('#welcome-heading').isVisible()).toBe(true);
    await context.close();
  });
});

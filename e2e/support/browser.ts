import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Page,
  type PageScreenshotOptions,
} from 'playwright-core';

export const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
export const PHONE = { width: 390, height: 844 };

/**
 * The journeys' screenshots are for people to look at (every page seen at phone size, in English and
 * Khmer or Thai); CI keeps none, so there the capture and its PNG encoding are skipped: they were a
 * large share of the journeys' CPU on the 2-core machine (decision 085). `E2E_SCREENSHOTS=1` takes
 * them under CI too. Only the picture is skipped: every wait and assertion around it still runs.
 */
export const SCREENSHOTS_TAKEN = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

export async function lookAt(page: Page, options: PageScreenshotOptions): Promise<void> {
  if (SCREENSHOTS_TAKEN) await page.screenshot(options);
}

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedBrowser {
  browser: Browser;
  close: () => Promise<void>;
}

/**
 * Whether a browser's phone contexts register the app's service worker. Its install precaches the
 * whole build (≈ 400 files, 2.6 MB) in every new context, which most journeys never use; those
 * about the worker (offline, push, app updates) launch with `serviceWorkers: 'allow'` (decision 085).
 */
const serviceWorkerPolicy = new WeakMap<Browser, 'allow' | 'block'>();

/**
 * System Chromium, headless, with the project's flag set. `launch` gives every run a fresh
 * temporary profile (user-data-dir) and deletes it on close.
 */
export async function launchBrowser(
  extraArgs: string[] = [],
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<LaunchedBrowser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [...ARGS, ...extraArgs],
    headless: true,
  });
  serviceWorkerPolicy.set(browser, serviceWorkers);
  return { browser, close: () => browser.close() };
}

/** A phone-sized context; `language` pre-seeds the stored preference before any script runs. */
export async function phoneContext(browser: Browser, language?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE,
    // A phone's density for the screenshots; without them the page is laid out the same in CSS
    // pixels and Chromium rasterises a quarter of the pixels (decision 085).
    deviceScaleFactor: SCREENSHOTS_TAKEN ? 2 : 1,
    locale: 'en-US',
    serviceWorkers: serviceWorkerPolicy.get(browser) ?? 'allow',
  });
  if (language) {
    await context.addInitScript((lang) => {
      if (!localStorage.getItem('sabai.language'))
        localStorage.setItem('sabai.language', JSON.stringify(lang));
    }, language);
  }
  return context;
}

/**
 * A phone context already signed in as `session` (the stored token and user the app reads at
 * start), optionally in a chosen city, so a journey starts on the page it is about.
 */
export async function signedInContext(
  browser: Browser,
  session: { token: string; user: unknown; tokenExpired?: unknown },
  language: string,
  { cityId }: { cityId?: number } = {},
): Promise<BrowserContext> {
  const context = await phoneContext(browser, language);
  await context.addInitScript(
    (stored) => {
      localStorage.setItem('sabai.token', JSON.stringify(stored.token));
      localStorage.setItem('sabai.userInfo', JSON.stringify(stored.user));
      if (stored.tokenExpired !== undefined)
        localStorage.setItem('sabai.tokenExpired', JSON.stringify(stored.tokenExpired));
      if (stored.cityId !== undefined)
        localStorage.setItem('sabai.cityId', JSON.stringify(String(stored.cityId)));
    },
    { token: session.token, user: session.user, tokenExpired: session.tokenExpired, cityId },
  );
  return context;
}
